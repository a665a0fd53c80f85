import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** What a browser test types into the LLM settings form (its limits only when a test needs others). */
export interface LlmEndpoint {
  readonly baseURL: string;
  readonly model: string;
  readonly apiKey: string;
  readonly deadlineSeconds?: string;
  readonly largestAnswerMegabytes?: string;
}

const settingsDialog = (page: Page) => page.getByRole('dialog', { name: 'LLM settings' });

/** Opens the LLM settings unless they are open and fills the endpoint in; nothing is saved, the form stays open. */
export async function fillLlmSettings(page: Page, endpoint: LlmEndpoint): Promise<void> {
  // The button names the saved model once there is one: "LLM settings (fake-model)".
  if ((await settingsDialog(page).count()) === 0) await page.getByRole('button', { name: /^LLM settings/ }).click();
  await page.getByLabel('Base URL').fill(endpoint.baseURL);
  await page.getByLabel('Model', { exact: true }).fill(endpoint.model);
  await page.getByLabel('API key').fill(endpoint.apiKey);
  if (endpoint.deadlineSeconds !== undefined)
    await page.getByLabel(/^Deadline per request/).fill(endpoint.deadlineSeconds);
  if (endpoint.largestAnswerMegabytes !== undefined)
    await page.getByLabel('Largest answer (MB)').fill(endpoint.largestAnswerMegabytes);
}

/**
 * Saves the endpoint in the LLM settings, waits for the form to confirm it and closes the form, for a test that
 * only needs it saved; `keepOpen` leaves the form open for a test that goes on with it (Test connection).
 */
export async function saveLlmSettings(
  page: Page,
  endpoint: LlmEndpoint,
  { keepOpen = false }: { readonly keepOpen?: boolean } = {},
): Promise<void> {
  await fillLlmSettings(page, endpoint);
  const dialog = settingsDialog(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => dialog.getByRole('status').filter({ hasText: 'Saved in this browser.' }).count()).toBe(1);
  if (!keepOpen) await dialog.getByRole('button', { name: 'Close' }).click();
}
