/**
 * Property test: seeded random logs and configurations through the V0 replay. Whatever the input,
 * the engine must hold OpenHands' invariants: every view is the history's events in order (plus
 * summaries and placeholders), the incremental view equals View.from_events rebuilt from scratch,
 * a forgotten id never shows again, the replay ends, and every error is one line.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, runSync } from '../../../../src/engine/index.ts';
import {
  type ActionEvent,
  type LogEvent,
  type ReplayResult,
  type View,
  type ViewEntry,
  buildCondenser,
  forgottenList,
  entryId,
  makeAction,
  prepareLog,
  readCondenserConfig,
  replay,
  stepView,
  viewFromEvents,
} from '../../../../src/engine/v0/index.ts';
import { Random, prng, randomAnswer, randomConfig, randomLog } from './randomLog.ts';

const CASES = 400;
const FIRST_SEED = 20_251_123;

/** The history at a step (after its condensations), rebuilt from the log and the replay's records. */
function historyAt(
  log: readonly LogEvent[],
  inHistory: Uint8Array,
  result: ReplayResult,
  stepIndex: number,
): LogEvent[] {
  const step = result.steps[stepIndex]!;
  const history: LogEvent[] = [];
  let s = 0;
  for (let i = 0; i <= step.beforeEventIndex; i++) {
    for (; s < result.steps.length && result.steps[s]!.beforeEventIndex === i && s <= stepIndex; s++) {
      for (const record of result.steps[s]!.condensations) history.push(condensationAction(record.id, record.args));
    }
    if (i < step.beforeEventIndex && inHistory[i]) history.push(log[i]!);
  }
  return history;
}

function condensationAction(id: number, args: ActionEvent['condensation'] & object): ActionEvent {
  return makeAction(
    { id, index: -1, source: 'agent', cause: null, responseId: null, loggedMessage: null },
    'condensation',
    {},
    args,
  );
}

function loggedTarget(entry: ViewEntry): number | null {
  if (entry.kind === 'masked') return loggedTarget(entry.original);
  return entry.kind === 'summary' ? null : entry.id;
}

function checkCase(seed: number): { steps: number; condensations: number; failed: boolean; configError: boolean } {
  const random = new Random(prng(seed));
  const log = randomLog(random);
  const rawConfig = randomConfig(random);
  let condenser;
  try {
    condenser = buildCondenser(readCondenserConfig(rawConfig).config);
  } catch (error) {
    expect(error, `seed ${seed}`).toBeInstanceOf(ConfigError);
    expect((error as Error).message, `seed ${seed}`).not.toContain('\n');
    return { steps: 0, condensations: 0, failed: false, configError: true };
  }
  const prepared = prepareLog(log);
  const finalViews: Array<View | null> = [];
  const result = runSync(
    replay({ log: prepared, mode: 'resimulate', condenser, onStep: (_step, view) => finalViews.push(view) }),
    (request) =>
      randomAnswer(random, request, () => {
        const identity: unknown = JSON.parse(request.identity);
        return Array.isArray(identity) ? (identity.flat(2).filter((item) => typeof item === 'number') as number[]) : [];
      }),
  );
  const where = `seed ${seed}, config ${JSON.stringify(rawConfig)}`;
  const position = new Map(log.map((event, i) => [event.id, i]));
  const repeatsHead = JSON.stringify(rawConfig).includes('"recent"');
  const forgottenSoFar = new Set<number>();
  // The replay ends: at most one step per agent action, and it stops at the first failure.
  expect(result.steps.length, where).toBeLessThanOrEqual(log.length);
  expect(
    result.steps.slice(0, -1).every((step) => step.failure === null),
    where,
  ).toBe(true);
  result.steps.forEach((step, k) => {
    if (step.failure) {
      expect(step.failure.message, where).not.toContain('\n');
      expect(step.failure.pythonError ?? '', where).not.toContain('\n');
      return;
    }
    // The incremental view is View.from_events over the history.
    const base = stepView(step, null)!;
    const reference = viewFromEvents(historyAt(log, prepared.inHistory.resimulate, result, k));
    expect(base.entries.map(entryId), `${where}, step ${k}`).toEqual(reference.entries.map(entryId));
    expect(base.unhandledCondensationRequest, `${where}, step ${k}`).toBe(reference.unhandledCondensationRequest);
    for (const record of step.condensations) {
      const listed = forgottenList(record.forgotten);
      expect(listed, where).toEqual([...listed].sort((a, b) => a - b));
      for (const id of listed) forgottenSoFar.add(id);
    }
    // The view the agent got: logged events in history order, before this step, never forgotten ones.
    const view = finalViews[k]!;
    const targets = view.entries.map(loggedTarget).filter((id): id is number => id !== null);
    const order = targets.map((id) => position.get(id)!);
    for (const [i, at] of order.entries()) {
      expect(at, `${where}, step ${k}: event ${targets[i]} is not a logged event`).toBeDefined();
      expect(at, `${where}, step ${k}: event ${targets[i]} comes after the step`).toBeLessThan(step.beforeEventIndex);
      expect(forgottenSoFar.has(targets[i]!), `${where}, step ${k}: forgotten event ${targets[i]} shows again`).toBe(
        false,
      );
      // `recent` repeats its head on short views (OpenHands' view[-0:]); everything else keeps order.
      if (i > 0 && !repeatsHead) expect(at, `${where}, step ${k}: view out of order`).toBeGreaterThan(order[i - 1]!);
    }
    expect(view.length, where).toBe(view.entries.length);
  });
  // As recorded, the view is View.from_events over the logged history, recorded condensations included.
  const recorded = runSync(replay({ log: prepared, mode: 'recorded' }), () => {
    throw new Error('no LLM as recorded');
  });
  recorded.steps.forEach((step, k) => {
    const reference = viewFromEvents(historyAt(log, prepared.inHistory.recorded, recorded, k));
    expect(stepView(step, null)!.entries.map(entryId), `seed ${seed}, recorded step ${k}`).toEqual(
      reference.entries.map(entryId),
    );
  });
  const condensations = result.steps.reduce((sum, step) => sum + step.condensations.length, 0);
  return {
    steps: result.steps.length,
    condensations,
    failed: result.steps.at(-1)?.failure != null,
    configError: false,
  };
}

describe('replay properties over random logs and configurations (seeded)', () => {
  it(`holds for ${CASES} cases from seed ${FIRST_SEED}`, { timeout: 60_000 }, () => {
    const totals = { steps: 0, condensations: 0, failed: 0, configErrors: 0 };
    for (let seed = FIRST_SEED; seed < FIRST_SEED + CASES; seed++) {
      const outcome = checkCase(seed);
      totals.steps += outcome.steps;
      totals.condensations += outcome.condensations;
      totals.failed += outcome.failed ? 1 : 0;
      totals.configErrors += outcome.configError ? 1 : 0;
    }
    // The generator must reach the interesting paths, or the properties say little.
    expect(totals.condensations).toBeGreaterThan(200);
    expect(totals.failed).toBeGreaterThan(5);
    expect(totals.configErrors).toBeGreaterThan(5);
    expect(totals.configErrors).toBeLessThan(CASES / 2);
  });
});
