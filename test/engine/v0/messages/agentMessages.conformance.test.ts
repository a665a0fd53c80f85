import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ChatMessage, type LlmAnswer, runSync, scriptedLlm } from '../../../../src/engine/index.ts';
import {
  buildAgentRequest,
  buildCondenser,
  initialUserMessageAt,
  parseCondenserConfig,
  prepareLog,
  replay,
} from '../../../../src/engine/v0/index.ts';
import { readV0Log } from '../../../../src/formats/index.ts';
import { parseLlmScript } from '../../../../src/formats/llmScript.ts';
import { compileAgentTemplates } from '../../../../src/templates/index.ts';
import { CONFORMANCE_DIR } from '../../../helpers/conformance.ts';
import {
  type MessageCase,
  conformanceTemplates,
  loadMessageCases,
  messageDigest,
} from '../../../helpers/messageConformance.ts';

function stepMessages(
  c: MessageCase,
): Array<{ beforeEventId: number; messages: readonly ChatMessage[] | null; failed: boolean }> {
  const path = join(CONFORMANCE_DIR, c.log);
  const log = prepareLog(
    readV0Log({ kind: 'file', file: { path: basename(path), text: readFileSync(path, 'utf8') } }).events,
  );
  const templates = compileAgentTemplates(conformanceTemplates());
  const condenser = buildCondenser(parseCondenserConfig(c.config));
  const script: LlmAnswer[] = parseLlmScript(JSON.stringify(c.llm_script));
  const steps: ReturnType<typeof stepMessages> = [];
  runSync(
    replay({
      log,
      mode: c.recorded ? 'recorded' : 'resimulate',
      condenser,
      onStep: (step, view) => {
        const request =
          view &&
          buildAgentRequest(view.entries, initialUserMessageAt(log, step.beforeEventIndex), {
            profile: c.profile,
            templates,
            maxMessageChars: c.expected.max_message_chars,
          });
        steps.push({
          beforeEventId: step.beforeEventId,
          messages: request?.messages ?? null,
          failed: step.failure !== null,
        });
      },
    }),
    scriptedLlm(script),
  );
  return steps;
}

describe('agent messages against those OpenHands’ ConversationMemory built', () => {
  const cases = loadMessageCases();

  it('has the whole corpus', () => {
    expect(cases).toHaveLength(13);
  });

  for (const c of cases) {
    it(c.name, () => {
      const steps = stepMessages(c);
      expect(steps.map((step) => step.beforeEventId)).toEqual(c.expected.steps.map((step) => step.before_event_id));
      c.expected.steps.forEach((expected, k) => {
        const actual = steps[k]!;
        if (expected.error !== undefined) {
          expect(actual.failed, `step ${k} fails in OpenHands`).toBe(true);
          return;
        }
        const digests = actual.messages!.map(messageDigest);
        const mismatch = digests.findIndex((digest, j) => digest !== expected.messages![j]);
        const where = `step ${k} (before event ${expected.before_event_id}), message ${mismatch}`;
        expect(
          mismatch === -1
            ? null
            : { where, got: actual.messages![mismatch], expected: c.expected.messages[expected.messages![mismatch]!] },
        ).toBeNull();
        expect(digests).toHaveLength(expected.messages!.length);
      });
    });
  }
});
