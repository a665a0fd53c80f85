import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Transcript } from '../../../src/ui/transcript/Transcript.tsx';
import { SideBySide } from '../../../src/ui/side-by-side/SideBySide.tsx';
import { settledStore, startedStore } from '../../helpers/appStore.ts';
import { renderWithStore } from '../../helpers/render.tsx';

async function atFirstCondensation() {
  const started = await startedStore();
  started.store.getState().setStep(39);
  await waitFor(() => expect(started.store.getState().transcript?.step).toBe(39));
  return started;
}

describe('Transcript', { timeout: 30_000 }, () => {
  it('shows the step’s messages with roles, tokens and cache breakpoints, and the summary in full on request', async () => {
    const { store } = await atFirstCondensation();
    const { container } = renderWithStore(<Transcript />, store);
    const count = store.getState().transcript!.messages.length;
    expect(screen.getByText(new RegExp(`^${count} messages`))).toBeDefined();
    await waitFor(() => expect(container.querySelectorAll('article.message').length).toBeGreaterThan(3));
    expect(container.querySelector('article.message .role')!.textContent).toBe('system');
    expect(container.querySelectorAll('.badge.cache').length).toBeGreaterThan(0);
    const summary = store.getState().summary!.condensations[0]!.summary!;
    const summaryCard = [...container.querySelectorAll<HTMLElement>('article.message')].find((card) =>
      card.textContent!.includes(summary.slice(0, 40)),
    )!;
    expect(summaryCard.textContent).not.toContain(summary.slice(-40));
    fireEvent.click(summaryCard.querySelector('button[aria-expanded]')!);
    expect(summaryCard.textContent).toContain(summary.slice(-40));
  });

  it('shows one token figure for the step: the messages’ and the tool schemas’ shares add up to its estimated input', async () => {
    // Read once the store has settled: the estimate starts over when the tokens are counted.
    const { store } = await settledStore();
    store.getState().setStep(39);
    await waitFor(() => expect(store.getState().transcript?.step).toBe(39));
    const estimate = store.getState().usage!.steps[39]!.estimate!.promptTokens;
    const { container } = renderWithStore(<Transcript />, store);
    const n = (text: string) => Number(text.replace(/[^\d]/g, ''));
    const schemas = screen.getByText(/^Tool schemas: 15, [\d,]+ tokens est\. of the step's [\d,]+$/);
    const [, toolShare, stepFigure] = /Tool schemas: 15, ([\d,]+) tokens est\. of the step's ([\d,]+)/.exec(
      schemas.textContent!,
    )!;
    expect(n(stepFigure!)).toBe(estimate);
    expect(screen.getByLabelText('Usage of this step').textContent).toContain(
      `prompt ${estimate.toLocaleString('en-US')} est.`,
    );
    // Every message on screen shows its share; all shares (the virtualized list holds them) add up to the step's.
    await waitFor(() => expect(container.querySelectorAll('article.message .tokens').length).toBeGreaterThan(3));
    const { transcript, usage } = store.getState();
    const { stepTokens } = await import('../../../src/store/index.ts');
    const shares = stepTokens(transcript!, usage);
    expect(shares.messages.reduce((a, b) => a + b, 0) + n(toolShare!)).toBe(estimate);
    const shown = [...container.querySelectorAll('article.message .tokens')].map((el) => n(el.textContent!));
    expect(shown).toEqual(shares.messages.slice(0, shown.length));
  });

  it('copies the request as JSON with its model, as cURL and Python with the key left out, and one message', async () => {
    const { store } = await atFirstCondensation();
    await store.getState().saveLlmSettings({
      baseURL: 'http://127.0.0.1:9/v1',
      model: 'my-model',
      apiKey: 'sk-never-copied',
      inputPrice: null,
      outputPrice: null,
    });
    // Saving the settings may start the usage estimate over: the model is read once it is known.
    const model = await waitFor(
      () => {
        const known = store.getState().usage?.steps[39]?.model;
        expect(known).toBeTruthy();
        return known;
      },
      { timeout: 20_000 },
    );
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { container } = renderWithStore(<Transcript />, store);
    const jsonButton = screen.getByRole('button', { name: 'Copy request as JSON' });
    fireEvent.click(jsonButton);
    await waitFor(() => expect(jsonButton.textContent).toBe('Copied'));
    const copied = JSON.parse(writeText.mock.calls[0]![0]) as { model: string; messages: unknown[]; tools: unknown[] };
    const { transcript } = store.getState();
    expect(copied.model).toBe(model);
    expect(copied.messages).toEqual(transcript!.messages.map((item) => item.message));
    expect(copied.tools).toHaveLength(15);

    fireEvent.click(screen.getByRole('button', { name: 'Copy request as cURL' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));
    const curl = writeText.mock.calls[1]![0];
    expect(curl).toMatch(/^curl -sS 'http:\/\/127\.0\.0\.1:9\/v1\/chat\/completions'/);
    expect(curl).toContain('Bearer $OPENAI_API_KEY');
    fireEvent.click(screen.getByRole('button', { name: 'Copy request as Python' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(3));
    expect(writeText.mock.calls[2]![0]).toContain('os.environ["OPENAI_API_KEY"]');
    for (const [text] of writeText.mock.calls) expect(text).not.toContain('sk-never-copied');

    await waitFor(() => expect(container.querySelectorAll('article.message').length).toBeGreaterThan(1));
    fireEvent.click(screen.getByRole('button', { name: 'Copy message 2 as JSON' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(4));
    expect(JSON.parse(writeText.mock.calls[3]![0])).toEqual(transcript!.messages[1]!.message);
  });

  it('offers the JSON to copy by hand when the clipboard refuses', async () => {
    const { store } = await atFirstCondensation();
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    renderWithStore(<Transcript />, store);
    fireEvent.click(screen.getByRole('button', { name: 'Copy request as JSON' }));
    const box = await screen.findByRole('dialog', { name: 'Copy request as JSON' });
    expect(JSON.parse(box.querySelector('textarea')!.value).messages.length).toBe(
      store.getState().transcript!.messages.length,
    );
  });

  it('scrolls to the message an event of the history became, and says when it became none', async () => {
    const { store } = await atFirstCondensation();
    const { container } = renderWithStore(
      <>
        <SideBySide />
        <Transcript />
      </>,
      store,
    );
    await waitFor(() => expect(container.querySelectorAll('.sbs-row').length).toBeGreaterThan(6));
    const forgotten = container.querySelector<HTMLElement>('.sbs-row[data-status="forgotten"]')!;
    fireEvent.click(forgotten);
    await waitFor(() => expect(screen.getByText(/event #7 is in no message of this step/)).toBeDefined());
    const kept = [...container.querySelectorAll<HTMLElement>('.sbs-row[data-status="kept"]')][1]!;
    fireEvent.click(kept);
    await waitFor(() => expect(container.querySelector('article.message.focused')).not.toBeNull());
    expect(screen.getByText(/became message \d+/)).toBeDefined();
  });
  it('finds text in the step’s messages: marks every hit, opens a cut text that hides one, steps between messages', async () => {
    const { store } = await atFirstCondensation();
    const { container } = renderWithStore(<Transcript />, store);
    await waitFor(() => expect(container.querySelectorAll('article.message').length).toBeGreaterThan(3));
    // The summary's last words lie beyond its preview: the hit opens it.
    const summary = store.getState().summary!.condensations[0]!.summary!;
    const tail = summary.trim().split('\n').pop()!.trim().slice(-24);
    const box = screen.getByLabelText('Find in messages');
    fireEvent.change(box, { target: { value: tail } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(container.querySelector('article.message.current-hit')).not.toBeNull());
    const hits = [...container.querySelectorAll('mark.search-hit')].map((mark) => mark.textContent!.toLowerCase());
    expect(hits.length).toBeGreaterThan(0);
    expect(new Set(hits)).toEqual(new Set([tail.toLowerCase()]));
    expect(store.getState().search).toBe(tail);
    expect(screen.getByText(/^1 of \d+$/)).toBeDefined();

    fireEvent.change(box, { target: { value: 'tool' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(screen.getByText(/^1 of \d+$/)).toBeDefined());
    const total = Number(/of (\d+)/.exec(screen.getByText(/^1 of \d+$/).textContent!)![1]);
    expect(total).toBeGreaterThan(1);
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    await waitFor(() => expect(screen.getByText(`${total} of ${total}`)).toBeDefined());
  });
  it('keeps the cards of the messages two steps share on a step change (only new ones are mounted)', async () => {
    const { store } = await atFirstCondensation();
    const { container } = renderWithStore(<Transcript />, store);
    await waitFor(() => expect(container.querySelector('article.message.system')).not.toBeNull());
    const systemCard = container.querySelector('article.message.system');
    store.getState().setStep(40);
    await waitFor(() => expect(store.getState().transcript?.step).toBe(40));
    await waitFor(() => expect(container.querySelector('.transcript-scroll')?.getAttribute('aria-busy')).toBe('false'));
    expect(container.querySelector('article.message.system')).toBe(systemCard);
  });
});
