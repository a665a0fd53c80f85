import { OnlineLinearFit, runInSteps, runToEnd } from '../engine/index.ts';
import { type InferredConfig, inferConfig } from './inferConfig.ts';
import type { InspectedLog, Tokens } from './inspectedLog.ts';
import { emptyLogSummaryUse, logSummaryAnswers } from './logSummaries.ts';
import { type CondenserScale, promptTokens } from './llmUse.ts';
import type { ReplayRequest } from './types.ts';

/**
 * The condenser's own line, apart from the agent's (another prompt, often another model): the log's recorded
 * summarizer calls, each rebuilt by the configuration that reproduces the log's condensations and paired with the
 * usage the provider recorded for it. Null when the log records no condenser usage or no call can be rebuilt.
 */
export function condenserScale(
  log: InspectedLog,
  tokens: Tokens | null,
  countText: (text: string) => number,
  infer: () => InferredConfig = () => inferConfig(log, tokens),
): CondenserScale | null {
  return runToEnd(condenserScaleInSteps(log, tokens, countText, infer));
}

/** condenserScale, pausing after each condenser call it rebuilds (a long log's prompts take seconds to count). */
export function* condenserScaleInSteps(
  log: InspectedLog,
  tokens: Tokens | null,
  countText: (text: string) => number,
  infer: () => InferredConfig = () => inferConfig(log, tokens),
): Generator<void, CondenserScale | null, void> {
  if (log.recorded.byRole.condenser.inputTokens === null) return null;
  const fitOn = function* (config: unknown): Generator<void, OnlineLinearFit, void> {
    const fit = new OnlineLinearFit();
    const request: ReplayRequest = { config, mode: 'resimulate', answers: {}, onMissing: 'placeholder' };
    const prepared = log.replay(request, tokens);
    if ('configError' in prepared) return fit;
    const answer = logSummaryAnswers(log.logSummaries, emptyLogSummaryUse());
    try {
      yield* runInSteps(prepared.work, (call, index) => {
        const answered = answer(call, index);
        if (answered?.usage) fit.add(promptTokens(call, countText), answered.usage.promptTokens);
        return answered;
      });
    } catch {
      // A configuration OpenHands itself would fail on rebuilds what it rebuilt before failing.
    }
    return fit;
  };
  // The session's starting configuration usually reproduces the log: one replay; else the inferred one.
  let fit = yield* fitOn(log.opened.suggestedConfig);
  if (fit.count === 0) fit = yield* fitOn(infer().config);
  return fit.count > 0 ? { map: fit.map(), fittedOn: fit.count } : null;
}
