import { readFileSync } from 'node:fs';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { startedStore } from '../helpers/appStore.ts';
import { MULTI_SWE_BENCH, sampleSweep } from '../helpers/sweep.ts';

const evalRun = () =>
  ({ kind: 'file', file: { path: 'output.jsonl', bytes: strToU8(readFileSync(MULTI_SWE_BENCH, 'utf8')) } }) as const;

describe('a sweep result in the app', () => {
  it('opens a CSV as a table; a row opens its instance with its configuration, once its log is imported', async () => {
    const csv = sampleSweep('csv');
    const { store } = await startedStore();
    // Dropped or imported like any file: the app tells a sweep result from a log.
    expect(
      await store.getState().importLog({ kind: 'file', file: { path: 'rows.csv', text: csv } }, 'rows', csv.length),
    ).toBeNull();
    const { sweep } = store.getState();
    expect(sweep!.result.rows).toHaveLength(6);
    const index = sweep!.result.rows.findIndex(
      (row) => row.instance === 'ponylang__ponyc-4593' && row.config === 'llm40.json',
    );
    const row = sweep!.result.rows[index]!;

    await store.getState().jumpToSweepRow(index);
    expect(store.getState().sweep).toBeNull();
    expect(store.getState().pendingJump?.row).toEqual(row);
    expect(store.getState().notice?.text).toContain(
      'Import v0_openhands_multi-swe-bench_example_output.jsonl to open ponylang__ponyc-4593 with llm40.json',
    );

    // Importing the run: the waiting row picks its instance itself and replays with its configuration.
    await store.getState().importLog(evalRun(), 'output', 690_202);
    await expect.poll(() => store.getState().running).toBe(false);
    const state = store.getState();
    expect(state.instancePicker).toBeNull();
    expect(state.pendingJump).toBeNull();
    expect(state.active!.record.source.instance).toBe('ponylang__ponyc-4593');
    expect(state.config).toEqual({ type: 'llm', keep_first: 4, max_size: 40, max_event_length: 10000 });
    // The app's replay agrees with the sweep's row.
    expect(state.summary!.condensations).toHaveLength(row.condensations!);
    expect(state.summary!.steps).toHaveLength(row.steps!);
  });

  it('opens a stored instance at once, with a preset row rebuilt for that log', async () => {
    const { store } = await startedStore();
    await store.getState().importLog(evalRun(), 'output', 1);
    await store.getState().pickInstance('ponylang__ponyc-4588');
    store.getState().openSweep(sampleSweep('json'), 'rows.json');
    const index = store
      .getState()
      .sweep!.result.rows.findIndex(
        (row) => row.instance === 'ponylang__ponyc-4588' && row.config === 'preset:v0-complexity-trap-masking',
      );
    await store.getState().jumpToSweepRow(index);
    await expect.poll(() => store.getState().running).toBe(false);
    expect(store.getState().config).toEqual({ type: 'observation_masking', attention_window: 20 });
    expect(store.getState().summary!.condensations).toHaveLength(0);
  });

  it('names what is wrong with a file that is not a sweep result', async () => {
    const { store } = await startedStore();
    store.getState().openSweep('source,instance\nx,y\n', 'other.csv');
    expect(store.getState().sweep).toBeNull();
    expect(store.getState().notice?.text).toMatch(/^other\.csv was not opened: other\.csv: not a sweep CSV/);
  });
});
