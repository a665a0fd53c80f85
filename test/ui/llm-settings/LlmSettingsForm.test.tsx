import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LlmSettingsForm } from '../../../src/ui/llm-settings/LlmSettingsForm.tsx';
import { startedStore } from '../../helpers/appStore.ts';
import { fakeServerForFile } from '../../helpers/fakeServer.ts';
import { renderWithStore } from '../../helpers/render.tsx';

const server = fakeServerForFile({ apiKey: 'sk-form-test' });

describe('LlmSettingsForm', () => {
  it('saves the endpoint with the key hidden by default, and forgets the key on request', async () => {
    const { store, db } = await startedStore();
    const done = vi.fn();
    renderWithStore(<LlmSettingsForm onDone={done} />, store);
    const key = screen.getByLabelText('API key') as HTMLInputElement;
    expect(key.type).toBe('password');
    fireEvent.change(screen.getByLabelText('Base URL'), { target: { value: 'http://127.0.0.1:8089/v1/' } });
    fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'local-model' } });
    fireEvent.change(key, { target: { value: ' sk-abc-123 ' } });
    fireEvent.change(screen.getByLabelText(/^Input price/), { target: { value: '0.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Saving says so and leaves the form open; Close closes it.
    expect(await screen.findByText('Saved in this browser.')).toBeDefined();
    expect(done).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(done).toHaveBeenCalled();
    expect(store.getState().llmSettings).toEqual({
      baseURL: 'http://127.0.0.1:8089/v1',
      model: 'local-model',
      apiKey: 'sk-abc-123',
      inputPrice: 0.5,
      outputPrice: null,
      keyStorage: 'browser',
      deadlineMs: 300_000,
      maxAnswerBytes: 8 * 1024 * 1024,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(key.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Forget key' }));
    await waitFor(() => expect(store.getState().llmSettings?.apiKey).toBe(''));
    expect(JSON.stringify(await db.settings.toArray())).not.toContain('sk-abc-123');
    expect(key.value).toBe('');
  });

  it('keeps the key for this tab only when asked: never in the database', async () => {
    const { store, db } = await startedStore();
    renderWithStore(<LlmSettingsForm onDone={() => undefined} />, store);
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'sk-only-here-4321' } });
    fireEvent.click(screen.getByLabelText(/^Keep for this tab only/));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved; the key is kept for this tab only.')).toBeDefined();
    expect(store.getState().llmSettings).toMatchObject({ apiKey: 'sk-only-here-4321', keyStorage: 'tab' });
    expect(JSON.stringify(await db.settings.toArray())).not.toContain('sk-only-here-4321');
  });

  it('refuses limits out of bounds, saying which', async () => {
    const { store } = await startedStore();
    renderWithStore(<LlmSettingsForm onDone={() => undefined} />, store);
    fireEvent.change(screen.getByLabelText(/^Deadline per request/), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Not saved: the deadline must be between 1 and 3600 seconds.')).toBeDefined();
    fireEvent.change(screen.getByLabelText(/^Deadline per request/), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Largest answer (MB)'), { target: { value: 'lots' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('the largest answer must be between 0.1 and 512 MB.')).toBeDefined();
    expect(store.getState().llmSettings).toBeNull();
  });

  it('cancels a connection test that gets no answer, and a closed form ends its test', async () => {
    const { store } = await startedStore();
    const cancel = vi.spyOn(store.getState(), 'cancelLlmTest');
    const view = renderWithStore(<LlmSettingsForm onDone={() => undefined} />, store);
    fireEvent.change(screen.getByLabelText('Base URL'), { target: { value: server().url } });
    fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'never-answer' } });
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'sk-form-test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Asking never-answer…')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel test' }));
    expect(await screen.findByText('Test cancelled.')).toBeDefined();
    expect(cancel).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByRole('button', { name: 'Cancel test' })).toBeDefined();
    view.unmount();
    expect(cancel).toHaveBeenCalledTimes(2);
  });

  it('stops a connection test at the deadline set in the form', async () => {
    const { store } = await startedStore();
    renderWithStore(<LlmSettingsForm onDone={() => undefined} />, store);
    fireEvent.change(screen.getByLabelText('Base URL'), { target: { value: server().url } });
    fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'drip' } });
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'sk-form-test' } });
    fireEvent.change(screen.getByLabelText(/^Deadline per request/), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(
      await screen.findByText(/within 1\.0 s \(the deadline in the LLM settings\): it began answering/, undefined, {
        timeout: 5000,
      }),
    ).toBeDefined();
  });
});
