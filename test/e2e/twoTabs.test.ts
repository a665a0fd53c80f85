import { describe, expect, inject, it } from 'vitest';
import { browserForFile } from './browser.ts';

const browser = browserForFile();

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
    await expect(second.getByText(/was changed in another tab/).count()).resolves.toBe(1);

    await first.getByRole('button', { name: 'Delete Renamed in the first tab' }).click();
    await first.getByRole('button', { name: 'Confirm deleting Renamed in the first tab' }).click();
    await second.getByText(/“Renamed in the first tab” was deleted in another tab\./).waitFor();
    await expect(second.locator('.session-header h2').count()).resolves.toBe(0);
    await context.close();
  });
});
