/**
 * The trace's `forgotten_event_ids` is the full sorted list (replay.md §6): duplicates stay, as in the
 * CondensationAction OpenHands' llm_attention makes. View.from_events still forgets a set of ids.
 * Expected traces come from running OpenHands' own condensers on the same log.
 */
import { describe, expect, it } from 'vitest';
import { runSync, scriptedLlm } from '../../../src/engine/index.ts';
import {
  type LogEvent,
  buildCondenser,
  parseCondenserConfig,
  prepareLog,
  replay,
  viewFromEvents,
} from '../../../src/engine/v0/index.ts';
import { cmd, cmdOut, cond, explicit, ids, msg } from './factory.ts';
import { v0TraceOf } from '../../helpers/trace.ts';

/** A task, then three commands with their outputs, then a fourth command: steps before ids 1, 3, 5, 7. */
const log: LogEvent[] = [msg(0, 'task'), cmd(1), cmdOut(2, 1), cmd(3), cmdOut(4, 3), cmd(5), cmdOut(6, 5), cmd(7)];

function traceOf(config: Record<string, unknown>, answers: string[]) {
  const condenser = buildCondenser(parseCondenserConfig(config));
  const result = runSync(
    replay({ log: prepareLog(log), mode: 'resimulate', condenser }),
    scriptedLlm(answers.map((content) => ({ content }))),
  );
  return v0TraceOf(result, condenser);
}

describe('forgotten_event_ids keeps duplicates (issue 9)', () => {
  it('llm_attention behind observation_masking forgets two placeholders: [-1, -1, 1, 3]', () => {
    const trace = traceOf(
      {
        type: 'pipeline',
        condensers: [
          { type: 'observation_masking', attention_window: 2 },
          { type: 'llm_attention', max_size: 6, keep_first: 1 },
        ],
      },
      ['{"ids": [6, 5]}'],
    );
    const step = trace.steps.find((s) => s.before_event_id === 7)!;
    expect(step.condensations.map((c) => c.forgotten_event_ids)).toEqual([[-1, -1, 1, 3]]);
    // The -1s forget nothing of the history: 2 and 4 stay (masked again), as OpenHands shows them.
    expect(step.view).toEqual([
      { id: 0 },
      { masked: 2, content: '<MASKED>' },
      { masked: 4, content: '<MASKED>' },
      { id: 5 },
      { id: 6 },
    ]);
  });

  it('llm_attention behind recent, whose short view repeats the head, forgets the repeated id twice: [0, 0, 1, 2, 3]', () => {
    // recent(keep_first 1, max_events 10) on [0..6] gives [0, 0, 1, 2, 3, 4, 5, 6]: 8 > max_size 6;
    // the quota is 3, so the answer is cut to [6, 5, 4].
    const trace = traceOf(
      {
        type: 'pipeline',
        condensers: [
          { type: 'recent', keep_first: 1, max_events: 10 },
          { type: 'llm_attention', max_size: 6, keep_first: 0 },
        ],
      },
      ['{"ids": [6, 5, 4, 2]}'],
    );
    const step = trace.steps.find((s) => s.before_event_id === 7)!;
    expect(step.condensations.map((c) => c.forgotten_event_ids)).toEqual([[0, 0, 1, 2, 3]]);
    expect(step.view).toEqual([{ id: 4 }, { id: 4 }, { id: 5 }, { id: 6 }]);
  });

  it('View.from_events forgets a set: a condensation listing -1 and an id twice hides each event once', () => {
    const history = [...log.slice(0, 7), cond(8, explicit([1, -1, 3, -1, 3]))];
    expect(ids(viewFromEvents(history))).toEqual([0, 2, 4, 5, 6]);
  });
});
