import { type LinearMap, type LlmAnswer, type LlmRequest, applyMap } from '../engine/index.ts';
import { countPromptTokens } from '../llm/promptTokens.ts';
import type { LlmUse } from './types.ts';

/** How one LLM call of a replay was answered. */
export interface CallRecord {
  readonly request: LlmRequest;
  readonly answer: LlmAnswer | null;
  readonly source: 'recorded' | 'placeholder' | 'live' | 'none';
}

/**
 * Prompt tokens of a request: a real count when the tokenizer is loaded (a summarizer's prompt part by
 * part, its events' counts remembered), else characters / 4.
 */
export function promptTokens(request: LlmRequest, countText: ((text: string) => number) | null): number {
  const prompt = countText ? request.prompt : undefined;
  if (countText && prompt) return countPromptTokens(prompt, countText);
  const text = request.messages.map((message) => message.content).join('\n');
  return countText ? countText(text) : Math.ceil(text.length / 4);
}

/** How the provider counts the condenser's prompts against our count, learned from the log's own condenser calls. */
export interface CondenserScale {
  readonly map: LinearMap;
  /** Recorded condenser calls it was fitted on. */
  readonly fittedOn: number;
}

/**
 * A condenser call's prompt tokens: as the provider recorded them, else our count on the provider's scale as the
 * log's own condenser calls taught it (`scale`), else our count as is.
 */
export function condenserPromptTokens(
  call: CallRecord,
  countText: ((text: string) => number) | null,
  scale: CondenserScale | null,
): number {
  const usage = call.source === 'placeholder' ? undefined : call.answer?.usage;
  if (usage) return usage.promptTokens;
  const ours = promptTokens(call.request, countText);
  return scale && countText ? applyMap(scale.map, ours) : ours;
}

export function llmUse(
  calls: readonly CallRecord[],
  measure: boolean,
  countText: ((text: string) => number) | null,
  scale: CondenserScale | null = null,
): LlmUse {
  let prompt = 0;
  let missing = 0;
  let completion = 0;
  let completionKnown = false;
  let estimated = 0;
  for (const call of calls) {
    const usage = call.source === 'placeholder' ? undefined : call.answer?.usage;
    if (usage) {
      completion += usage.completionTokens;
      completionKnown = true;
    } else estimated++;
    if (!measure) continue;
    const tokens = condenserPromptTokens(call, countText, scale);
    prompt += tokens;
    if (call.source === 'placeholder' || call.source === 'none') missing += tokens;
  }
  const count = (source: CallRecord['source']) => calls.filter((call) => call.source === source).length;
  return {
    calls: calls.length,
    recorded: count('recorded'),
    placeholders: count('placeholder'),
    live: count('live'),
    promptTokens: measure ? prompt : null,
    missingPromptTokens: measure ? missing : null,
    promptTokensFittedOn: measure && scale && countText ? scale.fittedOn : 0,
    estimatedPromptCalls: measure ? estimated : 0,
    completionTokens: completionKnown ? completion : null,
  };
}
