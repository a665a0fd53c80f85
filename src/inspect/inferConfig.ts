import { noLlm, runSync } from '../engine/index.ts';
import type { InspectedLog, MadeCondensation, ReplayedLog, Tokens } from './inspectedLog.ts';
import { emptyLogSummaryUse, logSummaryAnswers } from './logSummaries.ts';
import type { ReplayRequest, StepSummary } from './types.ts';
import { serverPipeline } from './v0/defaultConfig.ts';

/** The condenser configuration that reproduces a log's recorded condensations, and how well it does. */
export interface InferredConfig {
  /** In the log's engine's terms: V0 `{"type": ...}`, SDK `{"kind": ...}`. */
  readonly config: unknown;
  /** `recorded`: the log names it (eval metadata, base_state.json); `inferred`: read off its condensations. */
  readonly source: 'recorded' | 'inferred' | 'default';
  /** Recorded condensations a re-simulation under it reproduces, in order (same step, same forgotten events). */
  readonly reproduces: number;
  readonly recordedCondensations: number;
  /** Other configurations tried that reproduce as many. */
  readonly alsoReproducing: readonly unknown[];
  readonly notes: readonly string[];
}

/** Configurations tried at most, besides the one the log records: each costs one replay. */
const MAX_TRIED = 48;

/** The log replayed as recorded (its own condensations; no LLM is asked); null if that fails. */
function replayedAsRecorded(log: InspectedLog, tokens: Tokens | null, request: ReplayRequest): ReplayedLog | null {
  const prepared = log.replay(request, tokens);
  if ('configError' in prepared) return null;
  try {
    return runSync(prepared.work, noLlm);
  } catch {
    return null;
  }
}

/** A candidate's replay stopped: it missed a recorded condensation, so how many it reproduces is known. */
class Missed {}

/**
 * How many of the recorded condensations, from the first, a re-simulation under `request` makes again at
 * the same step forgetting the same events (its summarizer answered with the log's summaries); -1 when it
 * fails, as OpenHands would. It stops at the first recorded condensation it misses: on a long log where
 * no candidate reproduces them all, each costs a few condensations' replay, not a whole one (a 100 MB
 * log: 48 candidates in 3.4 s before). A candidate that reproduces them all is replayed to its end.
 */
function reproduced(
  log: InspectedLog,
  tokens: Tokens | null,
  request: ReplayRequest,
  recorded: readonly MadeCondensation[],
): number {
  const eventKey = log.logSummaries.eventKey;
  const same = (made: MadeCondensation, wanted: MadeCondensation) =>
    made.stepIndex === wanted.stepIndex &&
    (made.forgottenCount ?? made.forgottenEventIds.length) ===
      (wanted.forgottenCount ?? wanted.forgottenEventIds.length) &&
    made.forgottenEventIds.length === wanted.forgottenEventIds.length &&
    made.forgottenEventIds.every((id, i) => eventKey(id) === eventKey(wanted.forgottenEventIds[i]!));
  let n = 0;
  const prepared = log.replay(request, tokens, (stepIndex, made) => {
    for (const condensation of made) {
      if (n === recorded.length) return;
      if (!same(condensation, recorded[n]!)) throw new Missed();
      n++;
    }
    // The next recorded condensation was due by now: this replay makes it later, or never.
    if (n < recorded.length && stepIndex >= recorded[n]!.stepIndex) throw new Missed();
  });
  if ('configError' in prepared) return -1;
  try {
    runSync(prepared.work, logSummaryAnswers(log.logSummaries, emptyLogSummaryUse()));
    return n;
  } catch (error) {
    if (error instanceof Missed) return n;
    // A candidate OpenHands itself would fail on reproduces nothing.
    return -1;
  }
}

/**
 * The parameters a summarizing or forgetting condenser had, read off its first condensation: keep_first is
 * where the forgotten events began, and max_size is bounded by the views around it (the view before did not
 * exceed it; the view after holds half of it, give or take the summary).
 */
function sizeCandidates(steps: readonly StepSummary[], first: MadeCondensation, keepFirst: number): number[] {
  const after = steps[first.stepIndex]?.viewLength ?? 0;
  const before = first.stepIndex > 0 ? (steps[first.stepIndex - 1]?.viewLength ?? 0) : 0;
  const likely = [0, 1, 2, 3, -1, -2, 4, 5].map((d) => 2 * after + d);
  const scan = Array.from({ length: MAX_TRIED }, (_, d) => before + d);
  return [...new Set([...likely, ...scan])].filter((m) => m >= before && Math.floor(m / 2) > keepFirst);
}

/** Where the first forgotten event sat in the view before its condensation: the condenser's keep_first. */
function keepFirstOf(asRecorded: ReplayedLog, first: MadeCondensation): number {
  if (first.summaryOffset !== null) return first.summaryOffset;
  if (first.stepIndex === 0) return 0;
  const view = asRecorded.stepView(first.stepIndex - 1);
  return Math.max(
    0,
    view.findIndex((item) => item.kind === 'event' && item.id === first.forgottenEventIds[0]),
  );
}

function familyCandidates(log: InspectedLog, keepFirst: number, summarized: boolean, sizes: number[]): unknown[] {
  if (log.opened.flavor === 'sdk')
    return summarized
      ? sizes.map((m) => ({ kind: 'LLMSummarizingCondenser', keep_first: keepFirst, max_size: m }))
      : [];
  // Browser masking and the conversation window leave no trace in condensations: OpenHands' server
  // default wraps the summarizer in them, and so does the inferred configuration.
  return summarized
    ? sizes.map((m) => serverPipeline({ keep_first: keepFirst, max_size: m }))
    : sizes.map((m) => ({ type: 'amortized', keep_first: keepFirst, max_size: m }));
}

/**
 * The configuration whose re-simulation, answered with the log's own summaries (only where a call forgets
 * exactly the events a recorded summary covered), makes the log's recorded condensations again: the one
 * the log records when it does, else read off the first condensation and checked by replaying.
 */
export function inferConfig(
  log: InspectedLog,
  tokens: Tokens | null,
  sdkRules?: ReplayRequest['sdkRules'],
): InferredConfig {
  const base = { answers: {}, onMissing: 'placeholder' as const, ...(sdkRules ? { sdkRules } : {}) };
  const recordedRequest: ReplayRequest = { ...base, config: log.opened.suggestedConfig, mode: 'recorded' };
  const asRecorded = replayedAsRecorded(log, tokens, recordedRequest);
  const recorded = asRecorded?.condensations ?? [];
  const fallback = {
    config: log.opened.suggestedConfig,
    source: log.opened.configRecorded ? ('recorded' as const) : ('default' as const),
    recordedCondensations: recorded.length,
    alsoReproducing: [],
  };
  if (!asRecorded || recorded.length === 0)
    return { ...fallback, reproduces: 0, notes: ['the log records no condensation: there is nothing to infer from'] };
  const score = (config: unknown) => reproduced(log, tokens, { ...base, config, mode: 'resimulate' }, recorded);
  const notes: string[] = [];
  if (log.opened.configRecorded) {
    const n = score(log.opened.suggestedConfig);
    if (n === recorded.length) return { ...fallback, reproduces: n, notes };
    notes.push(`the configuration the log records reproduces ${n} of its ${recorded.length} condensations`);
  }
  const first = recorded[0]!;
  const keepFirst = keepFirstOf(asRecorded, first);
  const candidates = familyCandidates(
    log,
    keepFirst,
    first.summary !== null,
    sizeCandidates(asRecorded.steps, first, keepFirst),
  ).slice(0, MAX_TRIED);
  let best = null as { config: unknown; n: number } | null;
  const alsoReproducing: unknown[] = [];
  // The nearest full reproduction and the candidate after it (max_size's parity rarely shows) are enough.
  let triedAfterFull = 0;
  for (const config of candidates) {
    if (best?.n === recorded.length && triedAfterFull++ > 0) break;
    const n = score(config);
    if (best && n === best.n && n === recorded.length) alsoReproducing.push(config);
    if (!best || n > best.n) best = { config, n };
  }
  if (!best || best.n <= 0) {
    notes.push(`no configuration tried reproduces the first recorded condensation (at step ${first.stepIndex + 1})`);
    return { ...fallback, reproduces: 0, notes };
  }
  if (best.n < recorded.length)
    notes.push(`the closest configuration tried reproduces ${best.n} of the log's ${recorded.length} condensations`);
  if (log.opened.flavor === 'v0' && first.summary !== null)
    notes.push(
      "browser output masking and the conversation window leave no trace in condensations: OpenHands' server default is assumed",
    );
  return {
    config: best.config,
    source: 'inferred',
    reproduces: best.n,
    recordedCondensations: recorded.length,
    alsoReproducing,
    notes,
  };
}
