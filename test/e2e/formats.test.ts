import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { multiInstanceJsonl, tarGz, uiDownloadZip } from '../helpers/archives.ts';
import { REAL_LOGS } from '../helpers/logs.ts';
import { sampleSweep } from '../helpers/sweep.ts';
import { browserForFile, openApp } from './browser.ts';

const tmp = mkdtempSync(join(tmpdir(), 'e2e-formats-'));
const file = (name: string, content: string | Uint8Array) => {
  const path = join(tmp, name);
  writeFileSync(path, content);
  return path;
};

const browser = browserForFile();

describe('logs users bring, in a browser', () => {
  it('opens the web UI’s V1 zip download, and an eval run (tar.gz) through the instance picker', async () => {
    const { page, errors } = await openApp(browser());
    await page
      .getByLabel('Event log or session file')
      .setInputFiles(
        file('conversation.zip', uiDownloadZip('v1_benchmarks_conversation_0cf772fb_115ev_1cond', { title: 'Fix it' })),
      );
    await expect
      .poll(() => page.locator('.session-header .session-meta').textContent())
      // The meta line opens with the mode the views are in.
      .toMatch(
        /^(As recorded|Re-simulated with the settings) · OpenHands web UI download \(V1 zip: meta\.json \+ event files\) · 115 events/,
      );

    const run = await tarGz({ 'run/output.jsonl': multiInstanceJsonl([true, false, null]) });
    await page.getByLabel('Event log or session file').setInputFiles(file('run.tar.gz', run));
    const picker = page.getByRole('dialog', { name: 'Choose an instance' });
    await expect.poll(() => picker.getByText(/3 instances · 1 resolved/).count()).toBe(1);
    await picker.getByRole('button', { name: 'ponylang__ponyc-4593' }).click();
    await expect.poll(() => page.locator('.session-header h2').textContent()).toBe('run · ponylang__ponyc-4593');
    await expect
      .poll(() => page.locator('.session-header .session-meta').textContent())
      .toMatch(/70 events.*instance ponylang__ponyc-4593/);

    // One click for the paper's masking.
    await page.getByText('Presets: OpenHands’ configurations').click();
    await page.getByRole('button', { name: 'Observation masking (“The Complexity Trap”)' }).click();
    await expect.poll(() => page.getByRole('spinbutton', { name: 'attention_window' }).inputValue()).toBe('20');
    expect(errors).toEqual([]);
  });

  it('opens an SDK conversation folder (tar.gz) under its recorded bill: agent and condenser calls, as the provider billed them', async () => {
    const { page, errors } = await openApp(browser());
    const folder = 'v1_benchmarks_conversation_88ca1e54_218ev_4cond';
    const files: Record<string, Uint8Array> = {
      [`${folder}/base_state.json`]: readFileSync(join(REAL_LOGS, folder, 'base_state.json')),
    };
    for (const name of readdirSync(join(REAL_LOGS, folder, 'events')))
      files[`${folder}/events/${name}`] = readFileSync(join(REAL_LOGS, folder, 'events', name));
    await page.getByLabel('Event log or session file').setInputFiles(file('conversation.tar.gz', await tarGz(files)));
    await expect
      .poll(() => page.getByLabel('Recorded cost').locator('summary').textContent(), { timeout: 30_000 })
      .toBe('Recorded $1.830 · agent 106 calls $1.721 · condenser 4 calls $0.1096');
    expect(errors).toEqual([]);
  });

  it('opens a sweep result as a table; a row asks for its log, then opens its instance with its configuration', async () => {
    const { page, errors } = await openApp(browser());
    await page.getByLabel('Sweep result (CSV or JSON)').setInputFiles(file('rows.csv', sampleSweep('csv')));
    const table = page.getByRole('dialog', { name: 'Sweep result' });
    await table.getByRole('button', { name: 'Open ponylang__ponyc-4588 with llm40.json' }).click();
    await expect
      .poll(() =>
        page
          .getByText(/Import v0_openhands_multi-swe-bench_example_output\.jsonl to open ponylang__ponyc-4588/)
          .count(),
      )
      .toBe(1);
    await page
      .getByLabel('Event log or session file')
      .setInputFiles(file('output.jsonl', multiInstanceJsonl([null, null, null])));
    await expect.poll(() => page.locator('.session-header h2').textContent()).toBe('output · ponylang__ponyc-4588');
    await expect.poll(() => page.getByLabel('max_size', { exact: true }).inputValue()).toBe('40');
    expect(errors).toEqual([]);
  });
});
