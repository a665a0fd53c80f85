import type { AnswerLlm } from './drive.ts';
import { type LlmAnswer, type LlmRequest, LlmUnavailable, STATE_SUMMARY_TOOL_NAME } from './llm.ts';

/** LLM answers recorded for a session, keyed by `requestKey` of the request they answered. */
export type RecordedAnswers = Readonly<Record<string, LlmAnswer>>;

/** 128-bit hash of a string (four interleaved 32-bit multiply-xorshift lanes): fast, not cryptographic. */
function hash128(text: string): string {
  let h1 = 0x6a09e667;
  let h2 = 0xbb67ae85;
  let h3 = 0x3c6ef372;
  let h4 = 0xa54ff53a;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1, h2, h3, h4].map(lengthPart).join('') + lengthPart(text.length);
}

/** What a request's key is the hash of: the text `requestKey` hashes. */
function canonicalRequest(request: LlmRequest): string {
  return JSON.stringify([
    request.condenser,
    request.identity,
    request.tools ?? null,
    request.forcedTool ?? null,
    request.responseSchema ?? null,
  ]);
}

/** canonicalRequest(request).length, without building the identity where the request knows its quoted length. */
function canonicalLength(request: LlmRequest): number {
  const rest = JSON.stringify([
    request.condenser,
    request.tools ?? null,
    request.forcedTool ?? null,
    request.responseSchema ?? null,
  ]);
  // One more comma, and the identity as a JSON string.
  return rest.length + 1 + (request.identityJsonLength ?? JSON.stringify(request.identity).length);
}

/** The end of every key made from a text this long (hash128 writes the length last). */
const lengthPart = (length: number) => (length >>> 0).toString(16).padStart(8, '0');

/**
 * Identifies a request by what decides its content (see LlmRequest.identity), the tools and the
 * response format. A setting that changes the prompt (max_size, keep_first, the template...) changes
 * the key; an app update that words an event slightly differently does not, so reproduction files
 * keep replaying.
 */
export function requestKey(request: LlmRequest): string {
  return `${request.condenser}:${hash128(canonicalRequest(request))}`;
}

/** What stands in for an answer nobody recorded, so settings can be explored without a model. */
export function placeholderAnswer(request: LlmRequest, callIndex: number): LlmAnswer {
  switch (request.condenser) {
    case 'llm':
      return { content: `[placeholder summary ${callIndex + 1}: no LLM answer was recorded for this request]` };
    case 'structured':
      return {
        content: null,
        toolCalls: [
          {
            name: request.forcedTool ?? STATE_SUMMARY_TOOL_NAME,
            arguments: JSON.stringify({
              user_context: `[placeholder ${callIndex + 1}: no LLM answer recorded]`,
              completed_tasks: '',
              pending_tasks: '',
            }),
          },
        ],
      };
    case 'llm_attention':
      // No ranking: the condenser then keeps the most recent events.
      return { content: '{"ids": []}' };
  }
}

export type MissingAnswerPolicy = 'stop' | 'placeholder';

export interface AnswerLog {
  /** Requests answered from the records. */
  hits: number;
  /** Requests nobody had an answer for. */
  misses: number;
  /** Every call in order: its request, the answer given (null when the replay stopped), and whether it was a placeholder. */
  readonly calls: Array<{ request: LlmRequest; answer: LlmAnswer | null; placeholder: boolean }>;
}

/**
 * Answers from recorded answers; a request nobody answered before either stops the replay with a
 * clear message or gets a placeholder, as chosen. `log` counts what happened.
 */
export function recordedLlm(records: RecordedAnswers, onMissing: MissingAnswerPolicy, log?: AnswerLog): AnswerLlm {
  // A request is keyed only where an answer of its condenser's kind was recorded, from a text as long
  // as one of theirs (a key ends with that length): hashing a summary request's identity was a third
  // of a replay's time, and after a setting change most requests match nothing. The length is known
  // without building the text (LlmRequest.identityJsonLength): building it was a third again.
  const recordedLengths = new Map<string, Set<string>>();
  for (const key of Object.keys(records)) {
    const kind = key.slice(0, key.indexOf(':'));
    const lengths = recordedLengths.get(kind) ?? new Set<string>();
    lengths.add(key.slice(-8));
    recordedLengths.set(kind, lengths);
  }
  const recordedFor = (request: LlmRequest): LlmAnswer | undefined => {
    const lengths = recordedLengths.get(request.condenser);
    if (!lengths) return undefined;
    if (!lengths.has(lengthPart(canonicalLength(request)))) return undefined;
    return records[`${request.condenser}:${hash128(canonicalRequest(request))}`];
  };
  return (request, callIndex) => {
    const recorded = recordedFor(request);
    if (recorded) {
      if (log) {
        log.hits++;
        log.calls.push({ request, answer: recorded, placeholder: false });
      }
      return recorded;
    }
    const placeholder = onMissing === 'placeholder' ? placeholderAnswer(request, callIndex) : null;
    if (log) {
      log.misses++;
      log.calls.push({ request, answer: placeholder, placeholder: placeholder !== null });
    }
    if (placeholder) return placeholder;
    throw new LlmUnavailable(
      `No recorded answer for LLM call ${callIndex + 1} (the ${request.condenser} condenser's prompt differs from every recorded one); connect an LLM endpoint or allow placeholder answers.`,
    );
  };
}

/** Answers from a script in call order and records each answer under its request's key. */
export function recordingScript(script: readonly LlmAnswer[], into: Record<string, LlmAnswer>): AnswerLlm {
  return (request, callIndex) => {
    const answer = script[callIndex];
    if (!answer)
      throw new LlmUnavailable(`The script has no answer for LLM call ${callIndex + 1} (it holds ${script.length}).`);
    into[requestKey(request)] = answer;
    return answer;
  };
}
