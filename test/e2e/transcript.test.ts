import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { browserForFile, openApp } from './browser.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const REAL_LOG = join(ROOT, 'sample-sessions', 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json');
const SAMPLE = join(ROOT, 'sample-sessions', 'oh-utils-185.session.json');
const tmp = mkdtempSync(join(tmpdir(), 'e2e-transcript-'));

const browser = browserForFile();

/** The CLI's messages for the sample session's configuration, answered with the log's own summaries. */
function cliMessages(stepIndex: number): unknown[] {
  const session = JSON.parse(readFileSync(SAMPLE, 'utf8')) as { session: { config: unknown } };
  const log = JSON.parse(readFileSync(REAL_LOG, 'utf8')) as {
    trajectory: Array<{ action?: string; args?: { summary?: string } }>;
  };
  const summaries = log.trajectory
    .filter((event) => event.action === 'condensation' && event.args?.summary)
    .map((event) => ({ content: event.args!.summary! }));
  const config = join(tmp, 'config.json');
  const script = join(tmp, 'script.json');
  writeFileSync(config, JSON.stringify(session.session.config));
  writeFileSync(script, JSON.stringify(summaries));
  const result = spawnSync(
    process.execPath,
    [
      join(ROOT, 'scripts', 'run-bundled.mjs'),
      'src/cli/main.ts',
      REAL_LOG,
      '--config',
      config,
      '--llm-script',
      script,
      '--messages',
      'anthropic',
    ],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    },
  );
  expect(result.status).toBe(0);
  return (JSON.parse(result.stdout) as { steps: Array<{ messages: unknown[] }> }).steps[stepIndex]!.messages;
}

describe('what the model read, in a browser', () => {
  it('shows the first condensation’s summary and a tool result in the transcript, and copies the request the CLI prints', async () => {
    const { page, errors } = await openApp(browser());
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: inject('baseUrl') });
    // The sample opens at its first condensation.
    await expect.poll(() => page.getByText('Step 40 of 84').count()).toBe(1);
    const transcript = page.getByRole('region', { name: 'What the model read' });
    const summary = transcript
      .locator('article.message.user')
      .filter({ hasText: 'USER_CONTEXT: Debug trajectory download function' });
    await expect.poll(() => summary.count()).toBe(1);
    await summary.getByRole('button', { name: 'Show all' }).click();
    expect(await summary.locator('.message-text').first().textContent()).toMatch(
      /USER_CONTEXT: Debug trajectory download function[\s\S]{200,}/,
    );
    const tool = transcript.locator('article.message.tool').first();
    await expect.poll(() => tool.count()).toBe(1);
    expect(await tool.locator('.tool-name').textContent()).toMatch(
      /^(execute_bash|str_replace_editor|task_tracker|think)$/,
    );
    await expect.poll(() => transcript.getByText(/^prompt [\d,]+ \(recorded [\d,]+\)$/).count()).toBe(1);

    const copyJson = transcript.getByRole('button', { name: 'Copy request as JSON' });
    await copyJson.click();
    await expect.poll(() => copyJson.textContent()).toBe('Copied');
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
      messages: unknown[];
      tools: unknown[];
    };
    expect(copied.tools).toHaveLength(15);
    expect(copied.messages).toEqual(cliMessages(39));
    expect(errors).toEqual([]);
  });
});
