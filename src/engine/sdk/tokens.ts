import type { ViewEvent } from './events.ts';
import { type SdkLlmMessage, eventsToMessages } from './messages.ts';

/** What `llm.get_token_count` receives. */
export interface TokenCountRequest {
  readonly messages: readonly SdkLlmMessage[];
  /** The tools of the first SystemPromptEvent, or null when there are none. */
  readonly tools: readonly unknown[] | null;
  readonly addSecurityRiskPrediction: boolean;
}

/**
 * The agent's LLM as condensers see it (`agent_llm`): only for counting tokens and knowing the
 * context window. A real tokenizer is plugged in by the app and the CLI.
 */
export interface AgentLlm {
  /** `effective_max_input_tokens`: the model's context window, null when unknown. */
  readonly maxInputTokens: number | null;
  countTokens(request: TokenCountRequest): number;
}

/** `total_tokens(events, llm)`: counted after `events_to_messages`, with the first system prompt's tools. */
export function totalTokens(events: readonly ViewEvent[], llm: AgentLlm): number {
  const system = events.find((event) => event.kind === 'SystemPromptEvent');
  const tools = system && system.tools.length > 0 ? system.tools : null;
  return llm.countTokens({ messages: eventsToMessages(events), tools, addSecurityRiskPrediction: tools !== null });
}

/**
 * `shortest_prefix_above`: the smallest k whose first k events add more than `target` tokens to
 * `base` (all of them when even that is not enough). Binary search: assumes counts only grow.
 */
export function shortestPrefixAbove(
  events: readonly ViewEvent[],
  llm: AgentLlm,
  target: number,
  base: readonly ViewEvent[] = [],
): number {
  if (events.length === 0) return 0;
  const baseTokens = base.length > 0 ? totalTokens(base, llm) : 0;
  const added = (k: number) => totalTokens([...base, ...events.slice(0, k)], llm) - baseTokens;
  if (added(events.length) <= target) return events.length;
  let lo = 1;
  let hi = events.length;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (added(mid) > target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** `suffix_len_for_reduction`: how many events can stay at the end once `reduce` tokens are gone. */
export function suffixLenForReduction(
  events: readonly ViewEvent[],
  llm: AgentLlm,
  reduce: number,
  base: readonly ViewEvent[] = [],
): number {
  if (events.length === 0) return 0;
  if (reduce <= 0) return events.length;
  return events.length - shortestPrefixAbove(events, llm, reduce, base);
}

/**
 * The texts a tokenizer should count for a request: every message's text parts and tool calls, and
 * the tool definitions once. Counting these pieces apart and adding them up is what makes per-text
 * caching possible; message framing tokens are left out, as in any estimate without the provider.
 */
export function tokenTexts(
  request: TokenCountRequest,
  toolsText: (tools: readonly unknown[]) => string = JSON.stringify,
): string[] {
  const texts: string[] = [];
  for (const message of request.messages) {
    for (const part of message.content) if (part.type === 'text' && part.text !== '') texts.push(part.text);
    for (const call of message.toolCalls ?? []) texts.push(call.name, call.arguments);
  }
  if (request.tools) texts.push(toolsText(request.tools));
  return texts;
}
