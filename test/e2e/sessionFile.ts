import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Exports the open session's reproduction file into `dir` (under the name the app suggests, or `fileName`); its path. */
export async function exportSession(page: Page, dir: string, fileName?: string): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export reproduction file' }).click(),
  ]);
  const path = join(dir, fileName ?? download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

/**
 * Deletes the session named `name` (confirmed, and gone from the list) and imports `file`: the session
 * opens again under its name.
 */
export async function deleteAndImport(page: Page, name: string, file: string): Promise<void> {
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('button', { name: `Confirm deleting ${name}` }).click();
  await expect.poll(() => page.getByRole('button', { name: `Delete ${name}` }).count()).toBe(0);
  // The app has let go of it (another session, or none, is open) before the file comes in.
  await expect.poll(() => page.locator('.session-header h2', { hasText: name }).count()).toBe(0);
  await page.getByLabel('Event log or session file').setInputFiles(file);
  // Importing (reading, storing, replaying) takes seconds on a loaded machine.
  await expect.poll(() => page.locator('.session-header h2').textContent(), { timeout: 30_000 }).toBe(name);
}
