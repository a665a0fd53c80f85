import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDollars, pricesFor, stepCost } from '../../../src/store/index.ts';
import { CompareView } from '../../../src/ui/compare/CompareView.tsx';
import { idRuns, signedCount, signedDollars } from '../../../src/ui/compare/stepDiff.ts';
import { createTestStore } from '../../helpers/appStore.ts';
import { textInput } from '../../helpers/logs.ts';
import { V0LogBuilder, anthropicUsage } from '../../helpers/recordedLogs.ts';
import { renderWithStore, showStep } from '../../helpers/render.tsx';

const MODEL = 'claude-sonnet-4-20250514';
const CALLS = 8;
/** Call k (0-based) recorded 1,000·(k+1) input tokens and $0.001·(k+1). */
const recordedTokens = (k: number) => 1000 * (k + 1);
const recordedCost = (k: number) => 0.001 * (k + 1);

/** A 17-event log: the task, then 8 recorded agent calls, each a run and its output (ids 1–16). */
function smallLog(): string {
  const log = new V0LogBuilder();
  for (let k = 0; k < CALLS; k++)
    log.toolCall(
      { id: `call-${k}`, model: MODEL, usage: anthropicUsage({ prompt: recordedTokens(k), completion: 10 }) },
      recordedCost(k),
    );
  // The agent's answers, so that each step's messages can be built (the builder records usage only).
  for (const event of log.events) {
    const metadata = event.tool_call_metadata as { tool_call_id: string; model_response: object } | undefined;
    if (!metadata || !('action' in event)) continue;
    const call = {
      id: metadata.tool_call_id,
      type: 'function',
      function: { name: 'execute_bash', arguments: '{"command": "ls"}' },
    };
    metadata.model_response = {
      ...metadata.model_response,
      choices: [{ message: { role: 'assistant', content: '', tool_calls: [call] } }],
    };
  }
  return log.json();
}

/** A never forgets; B shows the last 4 events (OpenHands' `recent`, keep_first 0, max_events 4). */
async function comparedStore() {
  const { store } = createTestStore();
  await store.getState().init();
  const text = smallLog();
  await store.getState().importLog(textInput(text, 'small.json'), 'small.json', text.length);
  await waitFor(() => expect(store.getState().active?.record.name).toBe('small.json'));
  store.getState().setMode('resimulate');
  store.getState().setConfig({ type: 'noop' });
  store.getState().setCompareConfig({ type: 'recent', keep_first: 0, max_events: 4 });
  await waitFor(() => expect(store.getState().usage).not.toBeNull(), { timeout: 20_000 });
  return store;
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Compare as a diff', () => {
  it('sets A beside B at the step: events, the ids only A keeps, messages, tokens, dollars, B − A and the recorded call', async () => {
    const store = await comparedStore();
    renderWithStore(<CompareView />, store);
    // Step 6 (k = 5) comes before event 11: A's view is events 0–10, B's events 7–10.
    act(() => store.getState().setStep(5));
    const card = await screen.findByRole('table', { name: 'A and B at step 6' }, { timeout: 20_000 });
    const row = (name: RegExp) => within(card).getByRole('row', { name });
    expect(cellsOf(row(/^Events in view/))).toEqual(['11', '4', '−7', '–']);
    await waitFor(() => expect(cellsOf(row(/^Kept by one side only/))).toEqual(['7: #0–#6', 'none', '–', '–']));

    // A is the session's configuration: its messages, tokens and dollars are the session's own at this step.
    await waitFor(() => expect(store.getState().transcript?.step).toBe(5));
    // The estimate may start over (tokens counted): take it once it is there.
    const usageA = await waitFor(() => {
      const step = store.getState().usage?.steps[5];
      expect(step).toBeDefined();
      return step!;
    });
    const { usageB } = store.getState().comparison!;
    const stepB = usageB!.steps[5]!;
    const messagesA = store.getState().transcript!.messages.length;
    expect(usageA.messages).toBe(messagesA);
    // A: the system prompt, the task, 5 calls and their 5 results. B: the system prompt, the task (OpenHands
    // puts the first user message back when the view lost it), 2 calls and their 2 results.
    expect(messagesA).toBe(12);
    expect(cellsOf(row(/^Messages/))).toEqual(['12', '6', '−6', '–']);
    expect(stepB.messages).toBe(6);

    // Facts lost: A's are the session's own at this step (A never forgets: none).
    await waitFor(() => expect(store.getState().quality).not.toBeNull());
    const lostA = store.getState().quality!.steps[5]!.missing_used.length;
    const lostB = store.getState().comparison!.lostFactsB![5];
    expect(cellsOf(row(/^Facts lost/))).toEqual(['0', String(lostB), signedCount(lostB! - 0), '–']);
    expect(lostA).toBe(0);

    const tokens = cellsOf(row(/^Prompt tokens \(est\.\)/));
    const [tokensA, tokensB] = [usageA.estimate!.promptTokens, stepB.estimate!.promptTokens];
    expect(tokensB).toBeLessThan(tokensA);
    expect(tokens).toEqual([
      tokensA.toLocaleString('en-US'),
      tokensB.toLocaleString('en-US'),
      signedCount(tokensB - tokensA),
      recordedTokens(5).toLocaleString('en-US'),
    ]);

    const prices = pricesFor(MODEL, {})!.prices;
    const [dollarsA, dollarsB] = [stepCost(usageA, prices).estimated!, stepCost(stepB, prices).estimated!];
    expect(cellsOf(row(/^Dollars \(est\.\)/))).toEqual([
      formatDollars(dollarsA),
      formatDollars(dollarsB),
      signedDollars(dollarsB - dollarsA),
      formatDollars(recordedCost(5)),
    ]);
  }, 40_000);

  it('lists every step in the per-step table, follows the step, and moves it with the keyboard', async () => {
    const store = await comparedStore();
    renderWithStore(<CompareView />, store);
    const table = await screen.findByRole('table', { name: 'A and B per step' }, { timeout: 20_000 });
    const rowOf = (step: number) =>
      within(table)
        .getByRole('button', { name: `Go to step ${step}` })
        .closest('tr')!;
    // Step 8 (k = 7): A 15 events, B 4; only A keeps events 0–10.
    expect(cellsOf(rowOf(8)).slice(0, 4)).toEqual(['15', '4', '11', '0']);
    expect(cellsOf(rowOf(8))[11]).toBe(recordedTokens(7).toLocaleString('en-US'));
    expect(cellsOf(rowOf(8))[15]).toBe(formatDollars(recordedCost(7)));
    // Step 1: the task alone in both views.
    expect(cellsOf(rowOf(1)).slice(0, 4)).toEqual(['1', '1', '0', '0']);

    await showStep(store, 2);
    expect(rowOf(3).getAttribute('aria-current')).toBe('step');
    const box = screen.getByRole('group', { name: /^A and B per step/ });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(store.getState().stepAsked).toBe(3);
    // Pressed again before the engine answers: it moves on from the step asked for.
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(store.getState().stepAsked).toBe(4);
    fireEvent.keyDown(box, { key: 'End' });
    expect(store.getState().stepAsked).toBe(CALLS - 1);
    fireEvent.click(within(table).getByRole('button', { name: 'Go to step 2' }));
    expect(store.getState().stepAsked).toBe(1);
    await waitFor(() => expect(store.getState().step).toBe(1));
  }, 40_000);

  it('follows B’s settings, A’s and the mode', async () => {
    const store = await comparedStore();
    renderWithStore(<CompareView />, store);
    act(() => store.getState().setStep(5));
    const card = () => screen.getByRole('table', { name: 'A and B at step 6' });
    const events = () => cellsOf(within(card()).getByRole('row', { name: /^Events in view/ }));
    await waitFor(() => expect(events()).toEqual(['11', '4', '−7', '–']), { timeout: 20_000 });
    // B keeps two more events: only A keeps events 0–4 now.
    store.getState().setCompareConfig({ type: 'recent', keep_first: 0, max_events: 6 });
    await waitFor(() => expect(events()).toEqual(['11', '6', '−5', '–']), { timeout: 20_000 });
    await waitFor(() =>
      expect(cellsOf(within(card()).getByRole('row', { name: /^Kept by one side only/ }))[0]).toBe('5: #0–#4'),
    );
    // A's settings too: A keeps the last 8 events, B the last 6; A alone keeps events 3 and 4.
    store.getState().setConfig({ type: 'recent', keep_first: 0, max_events: 8 });
    await waitFor(() => expect(events()).toEqual(['8', '6', '−2', '–']), { timeout: 20_000 });
    await waitFor(() =>
      expect(cellsOf(within(card()).getByRole('row', { name: /^Kept by one side only/ }))[0]).toBe('2: #3–#4'),
    );
    store.getState().setConfig({ type: 'noop' });
    // As recorded, A is the log's own run (it never condensed): the same 11 events, and said so.
    store.getState().setMode('recorded');
    await waitFor(() => expect(card().querySelector('caption')!.textContent).toMatch(/A \(as recorded\)/), {
      timeout: 20_000,
    });
    expect(events()).toEqual(['11', '6', '−5', '–']);
  }, 60_000);

  it('writes ids as runs of neighbours and differences with their sign', () => {
    const events = [1, 2, 3, 7, 9, 10].map((id) => ({ id, index: id }));
    expect(idRuns(events, String)).toBe('#1–#3, #7, #9–#10');
    expect(idRuns(events, String, 2)).toBe('#1–#3, #7, … (1 more runs)');
    expect([signedCount(3), signedCount(-1200), signedCount(0), signedCount(null)]).toEqual(['+3', '−1,200', '0', '–']);
    expect([signedDollars(0.5), signedDollars(-0.01234), signedDollars(0)]).toEqual(['+$0.5000', '−$0.01234', '$0']);
  });
});
