import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { fakeServerForFile } from '../helpers/fakeServer.ts';
import { browserForFile, openApp } from './browser.ts';
import { saveLlmSettings } from './llmSettings.ts';

const KEY = 'sk-e2e-copy-7719';
const browser = browserForFile();
const server = fakeServerForFile({ apiKey: KEY });

describe('copy a step’s request', () => {
  it('copies it as cURL (the key left out) and the command gets an answer from an OpenAI-compatible server', async () => {
    const { page, errors } = await openApp(browser(), '', { viewport: { width: 1024, height: 700 } });
    await page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
    await saveLlmSettings(page, { baseURL: server().url, model: 'fake-model', apiKey: KEY });

    const facts = page.locator('.transcript-facts');
    await facts.waitFor();
    const messages = Number(/^(\d+) messages/.exec((await facts.textContent())!)![1]);
    await page.getByRole('button', { name: 'Copy request as cURL' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Copy request as cURL' }).textContent()).toBe('Copied');
    const command = await page.evaluate(() => navigator.clipboard.readText());
    expect(command).toContain(`${server().url}/chat/completions`);
    expect(command).not.toContain(KEY);

    const { stdout } = await promisify(execFile)('bash', ['-c', command], {
      env: { PATH: process.env.PATH, OPENAI_API_KEY: KEY },
      encoding: 'utf8',
      timeout: 20_000,
    });
    const answer = JSON.parse(stdout) as { choices: Array<{ message: { role: string; content: string } }> };
    expect(answer.choices[0]!.message.role).toBe('assistant');
    const sent = server().requests.at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect((sent.body as { messages: unknown[] }).messages).toHaveLength(messages);
    expect(errors).toEqual([]);
  });
});
