import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserForFile } from './browser.ts';

const browser = browserForFile();

/**
 * Two tabs of one browser on the sample session. `bHears: false` makes B a tab that misses the other
 * tab's news (a frozen background tab): it learns of A's changes only when it writes.
 */
async function twoTabsOnOneSession({ bHears = true } = {}): Promise<{ context: BrowserContext; a: Page; b: Page }> {
  const context = await browser().newContext({ viewport: { width: 1400, height: 1000 } });
  const a = await context.newPage();
  await a.goto(inject('baseUrl'));
  await a.getByText(/^Step \d+ of \d+$/).waitFor();
  const b = await context.newPage();
  if (!bHears) {
    // B still tells the others of its changes, but hears none of theirs.
    await b.addInitScript(() => {
      window.BroadcastChannel = class extends window.BroadcastChannel {
        override addEventListener() {}
      };
    });
  }
  await b.goto(inject('baseUrl'));
  await b.getByText(/^Step \d+ of \d+$/).waitFor();
  return { context, a, b };
}

const notesBox = (page: Page) => page.getByLabel('Notes on this session (exported with it)');

async function openNotes(page: Page) {
  // A tab in the background gets no animation frames, which clicks wait for.
  await page.bringToFront();
  await page.locator('.notes summary').click();
  await notesBox(page).waitFor();
}

/** Types notes and leaves the box, as a user does. */
async function writeNotes(page: Page, text: string) {
  await page.bringToFront();
  await notesBox(page).fill(text);
  await notesBox(page).blur();
}

describe('two tabs of the app in one browser', () => {
  it('a session renamed in one tab shows renamed in the other; deleted in one, it closes in the other', async () => {
    const context = await browser().newContext({ viewport: { width: 1400, height: 1000 } });
    const first = await context.newPage();
    await first.goto(inject('baseUrl'));
    await first.getByText(/^Step \d+ of \d+$/).waitFor();
    const name = (await first.locator('.session-header h2').textContent())!;
    const second = await context.newPage();
    await second.goto(inject('baseUrl'));
    await second.getByRole('button', { name: `Rename ${name}` }).waitFor();
    // The second tab opens the same session.
    await second.locator('.session-list').getByText(name, { exact: true }).click();
    await second.locator('.session-header h2', { hasText: name }).waitFor();

    await first.getByRole('button', { name: `Rename ${name}` }).click();
    await first.getByLabel(`New name for ${name}`).fill('Renamed in the first tab');
    await first.getByLabel(`New name for ${name}`).press('Enter');
    await second.locator('.session-header h2', { hasText: 'Renamed in the first tab' }).waitFor();
    // The line may come a render after the new name: wait for it, then there is exactly one.
    await expect.poll(() => second.getByText(/was changed in another tab/).count()).toBe(1);

    await first.getByRole('button', { name: 'Delete Renamed in the first tab' }).click();
    await first.getByRole('button', { name: 'Confirm deleting Renamed in the first tab' }).click();
    await second.getByText(/“Renamed in the first tab” was deleted in another tab\./).waitFor();
    await expect.poll(() => second.locator('.session-header h2').count()).toBe(0);
    await context.close();
  });

  it('notes: the other tab shows them at once and never writes its old copy back on focus and blur; edits of the same lines are offered, both kept', async () => {
    const { context, a, b } = await twoTabsOnOneSession();
    await openNotes(a);
    await openNotes(b);
    await writeNotes(a, 'written in tab A');
    await expect.poll(() => notesBox(b).inputValue()).toBe('written in tab A');
    // B focuses and leaves without typing: A's notes stay.
    await b.bringToFront();
    await notesBox(b).focus();
    await notesBox(b).blur();
    await a.reload();
    await openNotes(a);
    await expect.poll(() => notesBox(a).inputValue()).toBe('written in tab A');

    // Both edit the same line at once: B is offered both, and keeps both.
    await b.bringToFront();
    await notesBox(b).fill('tab B’s take');
    await writeNotes(a, 'tab A’s take');
    await b.bringToFront();
    await notesBox(b).blur();
    await b
      .getByText(
        'Another tab changed these notes while you edited them, on the same lines. Nothing is lost: pick what to keep.',
      )
      .waitFor();
    await b.getByRole('button', { name: 'Keep both' }).click();
    await expect.poll(() => notesBox(b).inputValue()).toBe('tab A’s take\n\ntab B’s take');
    await expect.poll(() => notesBox(a).inputValue()).toBe('tab A’s take\n\ntab B’s take');
    await context.close();
  });

  it('settings: A’s max_size and B’s keep_first changed at once both stay; the same setting changed differently is offered', async () => {
    const { context, a, b } = await twoTabsOnOneSession({ bHears: false });
    await a.bringToFront();
    await a.getByLabel('max_size', { exact: true }).fill('50');
    await expect.poll(() => a.getByText(/^Replayed in \d+ ms$/).count()).toBe(1);
    // B never heard of it and changes another setting.
    await b.bringToFront();
    await b.getByLabel('keep_first', { exact: true }).fill('3');
    await expect.poll(() => b.getByLabel('max_size', { exact: true }).inputValue()).toBe('50');
    expect(await b.getByLabel('keep_first', { exact: true }).inputValue()).toBe('3');
    await b.getByText(/merged with one made in another tab meanwhile; both are kept/).waitFor();
    await expect.poll(() => a.getByLabel('keep_first', { exact: true }).inputValue()).toBe('3');
    expect(await a.getByLabel('max_size', { exact: true }).inputValue()).toBe('50');

    await a.bringToFront();
    await a.getByLabel('max_size', { exact: true }).fill('44');
    await expect.poll(() => a.getByText(/^Replayed in \d+ ms$/).count()).toBe(1);
    await b.bringToFront();
    await b.getByLabel('max_size', { exact: true }).fill('60');
    await b.getByText(/condensers\[2\]\.max_size: 60 here, 44 in the other tab/).waitFor();
    await b.getByRole('button', { name: 'Keep mine' }).click();
    await expect.poll(() => a.getByLabel('max_size', { exact: true }).inputValue()).toBe('60');
    await context.close();
  });
});
