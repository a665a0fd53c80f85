import { join } from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { readLogInput } from '../../src/cli/readInput.ts';
import { type LlmRequest, type PromptPart, placeholderAnswer, promptText, runSync } from '../../src/engine/index.ts';
import { loadLog } from '../../src/formats/index.ts';
import { type InspectedLog, openLog } from '../../src/inspect/index.ts';
import { countPromptTokens } from '../../src/llm/promptTokens.ts';
import { inPieces } from '../../src/llm/tokenCount.ts';
import { REAL_LOGS, SAMPLE_SESSIONS } from '../helpers/logs.ts';

/** The summarizer requests of a re-simulated replay of an opened log (placeholder summaries). */
function summarizerRequests(log: InspectedLog, config: unknown): LlmRequest[] {
  const prepared = log.replay({ config, mode: 'resimulate', answers: {}, onMissing: 'placeholder' }, null);
  if ('configError' in prepared) throw new Error(prepared.configError);
  const requests: LlmRequest[] = [];
  runSync(prepared.work, (request, index) => {
    requests.push(request);
    return placeholderAnswer(request, index);
  });
  return requests;
}

/** The parts, each logged text's event added to `read` when its text is read. */
function tracked(parts: readonly PromptPart[], read: Set<object>): PromptPart[] {
  return parts.map((part) =>
    typeof part === 'string'
      ? part
      : {
          event: part.event,
          form: part.form,
          text: () => {
            read.add(part.event);
            return part.text();
          },
        },
  );
}

const V0_185 = join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json');
const SDK_218 = join(REAL_LOGS, 'v1_benchmarks_conversation_88ca1e54_218ev_4cond');

describe('a summarizer prompt’s tokens, part by part', { timeout: 60_000 }, () => {
  it.each([
    [
      'V0',
      V0_185,
      [
        { type: 'llm', max_size: 40, keep_first: 2 },
        { type: 'structured', max_size: 30, keep_first: 3 },
      ],
    ],
    [
      'SDK',
      SDK_218,
      [
        { kind: 'LLMSummarizingCondenser', max_size: 40, keep_first: 2 },
        { kind: 'LLMSummarizingCondenser', max_size: 20, keep_first: 1 },
      ],
    ],
  ])(
    'are o200k’s count of the whole prompt (%s); another setting reads only the events not counted yet',
    async (_, path, configs) => {
      const countText = inPieces(countTokens);
      const log = openLog(await loadLog(readLogInput(path), {}));
      const whole = (request: LlmRequest) => countTokens(request.messages[0]!.content);
      const countAll = (requests: readonly LlmRequest[], counter: typeof countText, read: Set<object>) =>
        requests.map((request) => countPromptTokens(tracked(request.prompt!, read), counter));
      const first = summarizerRequests(log, configs[0]);
      const readFirst = new Set<object>();
      expect(first.length).toBeGreaterThan(2);
      expect(countAll(first, countText, readFirst)).toEqual(first.map(whole));
      // The same opened log under another setting: only events the first setting never summarized are read.
      const later = summarizerRequests(log, configs[1]);
      const loggedParts = new Set(
        later.flatMap((request) => request.prompt!.flatMap((part) => (typeof part === 'string' ? [] : [part.event]))),
      );
      const readLater = new Set<object>();
      expect(countAll(later, countText, readLater)).toEqual(later.map(whole));
      expect([...readLater].filter((event) => readFirst.has(event))).toEqual([]);
      expect(readLater.size).toBeLessThan(loggedParts.size);
      // Counted again: nothing is read.
      const readAgain = new Set<object>();
      expect(countAll(later, countText, readAgain)).toEqual(later.map(whole));
      expect(readAgain.size).toBe(0);
      // Another counter remembers nothing of this one's.
      const readOther = new Set<object>();
      expect(countAll(later, inPieces(countTokens), readOther)).toEqual(later.map(whole));
      expect(readOther.size).toBe(loggedParts.size);
    },
  );

  it('count parts together where the text between them is no exact cut, the second time too', () => {
    const countText = inPieces(countTokens);
    const logged = (text: string): PromptPart => ({ event: {}, form: 'test', text: () => text });
    // Each case, and how many logged texts a second count reads (those joined to a neighbour).
    const cases: Array<[PromptPart[], number]> = [
      // A logged text starting with a space, a slash or a newline joins the text before it.
      [['Events:\n', logged(' indented output\n'), 'end'], 1],
      [['path\n', logged('/workspace/file.py\n'), 'after\n'], 1],
      [['blank\n', logged('\n\nthree\n'), '</EVENT>\n'], 1],
      // One not ending with a newline joins the text after it.
      [['<EVENT>\n', logged('no newline at the end'), 'tail text'], 1],
      // A literal ending without a newline joins the logged text after it; one starting with a newline, the one before.
      [['Summary: ', logged('Action ran\n'), logged('Observation\n'), '\n\nClose'], 2],
      // Exact cuts all round: each stands alone, and its remembered count is used.
      [['Events:\n', logged('first\n'), logged('second\n'), '</EVENT>\n'], 0],
      [[], 0],
    ];
    for (const [parts, readAgain] of cases) {
      const text = promptText(parts);
      expect(countPromptTokens(parts, countText), JSON.stringify(text)).toBe(countTokens(text));
      const read = new Set<object>();
      expect(countPromptTokens(tracked(parts, read), countText), JSON.stringify(text)).toBe(countTokens(text));
      expect(read.size, JSON.stringify(text)).toBe(readAgain);
    }
  });
});
