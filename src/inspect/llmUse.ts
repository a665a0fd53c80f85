import type { LlmAnswer, LlmRequest } from '../engine/index.ts';
import type { LlmUse } from './types.ts';

/** How one LLM call of a replay was answered. */
export interface CallRecord {
  readonly request: LlmRequest;
  readonly answer: LlmAnswer | null;
  readonly source: 'recorded' | 'placeholder' | 'live' | 'none';
}

/** Prompt tokens of a request: a real count when the tokenizer is loaded, else characters / 4. */
export function promptTokens(request: LlmRequest, countText: ((text: string) => number) | null): number {
  const text = request.messages.map((message) => message.content).join('\n');
  return countText ? countText(text) : Math.ceil(text.length / 4);
}

export function llmUse(
  calls: readonly CallRecord[],
  measure: boolean,
  countText: ((text: string) => number) | null,
): LlmUse {
  let prompt = 0;
  let missing = 0;
  let completion = 0;
  let completionKnown = false;
  for (const call of calls) {
    const usage = call.source === 'placeholder' ? undefined : call.answer?.usage;
    if (usage) {
      completion += usage.completionTokens;
      completionKnown = true;
    }
    if (!measure) continue;
    const tokens = usage?.promptTokens ?? promptTokens(call.request, countText);
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
    completionTokens: completionKnown ? completion : null,
  };
}
