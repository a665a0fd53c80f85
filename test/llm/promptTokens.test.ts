import { join } from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { readLogInput } from '../../src/cli/readInput.ts';
import { type LlmRequest, type PromptPart, placeholderAnswer, promptText, runSync } from '../../src/engine/index.ts';
import { loadLog } from '../../src/formats/index.ts';
import { openLog } from '../../src/inspect/index.ts';
import { countPromptTokens } from '../../src/llm/promptTokens.ts';
import { inPieces } from '../../src/llm/tokenCount.ts';
import { REAL_LOGS, SAMPLE_SESSIONS } from '../helpers/logs.ts';

/** The summarizer requests of a re-simulated replay (placeholder summaries). */
async function summarizerRequests(path: string, config: unknown): Promise<LlmRequest[]> {
  const log = openLog(await loadLog(readLogInput(path), {}));
  const prepared = log.replay({ config, mode: 'resimulate', answers: {}, onMissing: 'placeholder' }, null);
  if ('configError' in prepared) throw new Error(prepared.configError);
  const requests: LlmRequest[] = [];
  runSync(prepared.work, (request, index) => {
    requests.push(request);
    return placeholderAnswer(request, index);
  });
  return requests;
}

/** The parts, each logged text's reads counted. */
function counted(parts: readonly PromptPart[], reads: { count: number }): PromptPart[] {
  return parts.map((part) =>
    typeof part === 'string'
      ? part
      : {
          event: part.event,
          form: part.form,
          text: () => {
            reads.count++;
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
    'are the tokenizer’s count of the whole prompt (%s), and a later replay reads no logged text again',
    async (_, path, configs) => {
      const countText = inPieces(countTokens);
      const first = await summarizerRequests(path, configs[0]);
      const later = await summarizerRequests(path, configs[1]);
      expect(first.length).toBeGreaterThan(2);
      expect(later.length).toBeGreaterThan(2);
      for (const request of first) {
        expect(promptText(request.prompt!)).toBe(request.messages[0]!.content);
        expect(countPromptTokens(request.prompt!, countText)).toBe(countTokens(request.messages[0]!.content));
      }
      // The same log opened again: its events are other objects, their counts are not known yet.
      const reads = { count: 0 };
      const again = await summarizerRequests(path, configs[1]);
      const measured = again.map((request) => countPromptTokens(counted(request.prompt!, reads), countText));
      expect(reads.count).toBeGreaterThan(0);
      // Under another setting, on the log already opened: every logged event was counted before.
      reads.count = 0;
      const remembered = again.map((request) => countPromptTokens(counted(request.prompt!, reads), countText));
      expect(reads.count).toBe(0);
      expect(remembered).toEqual(measured);
      expect(measured).toEqual(again.map((request) => countTokens(request.messages[0]!.content)));
      // Another counter remembers nothing of this one's.
      const other = inPieces(countTokens);
      expect(again.map((request) => countPromptTokens(counted(request.prompt!, reads), other))).toEqual(measured);
      expect(reads.count).toBeGreaterThan(0);
    },
  );

  it('count parts together where the text between them is no exact cut', () => {
    const countText = inPieces(countTokens);
    const logged = (text: string): PromptPart => ({ event: {}, form: 'test', text: () => text });
    const cases: PromptPart[][] = [
      // A logged text starting with a space, a slash or a newline joins the text before it.
      ['Events:\n', logged(' indented output\n'), 'end'],
      ['path\n', logged('/workspace/file.py\n'), 'after\n'],
      ['blank\n', logged('\n\nthree\n'), '</EVENT>\n'],
      // One not ending with a newline joins the text after it.
      ['<EVENT>\n', logged('no newline at the end'), 'tail text'],
      // A literal ending without one joins the logged text after it.
      ['Summary: ', logged('Action ran\n'), logged('Observation\n'), '\n\nClose'],
      [logged('first\n'), logged('second\n')],
      [],
    ];
    for (const parts of cases) {
      const text = promptText(parts);
      expect(countPromptTokens(parts, countText), JSON.stringify(text)).toBe(countTokens(text));
    }
  });
});
