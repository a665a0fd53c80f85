import { z } from 'zod';
import { condensation, defineCondenser, keepFirstBelowHalf, rolling } from '../condenser.ts';
import { OpenHandsFailure, lazyRequest, floorDiv, pySlice } from '../../core/index.ts';
import { entryId } from '../events.ts';
import { ATTENTION_INSTRUCTION, ATTENTION_RESPONSE_SCHEMA, attentionEventMessage } from '../prompts/attention.ts';
import { eventMessage } from '../prompts/eventText.ts';
import { pydanticLaxInt } from '../pydanticInt.ts';
import { KEEP_FIRST_DESCRIPTION, MAX_SIZE_DESCRIPTION, intSetting, llmConfigSetting } from './fields.ts';

/**
 * `ImportantEventSelection.model_validate_json(content).ids`: a JSON object whose `ids` is a list of
 * integers as pydantic's lax mode reads them (`9.0`, `"9.0"`, `"1_0"`, `true` pass); other keys are ignored.
 */
function parseRankedIds(content: string | null): number[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content ?? '');
  } catch {
    throw new OpenHandsFailure(
      'the attention LLM did not answer with JSON, and OpenHands does not catch that',
      'ValidationError: Invalid JSON',
    );
  }
  const listed =
    typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>).ids
      : undefined;
  const ids = Array.isArray(listed) ? listed.map(pydanticLaxInt) : [null];
  if (ids.some((id) => id === null)) {
    throw new OpenHandsFailure(
      'the attention LLM answered JSON that is not {"ids": [integers]}, and OpenHands does not catch that',
      'ValidationError: 1 validation error for ImportantEventSelection',
    );
  }
  return ids as number[];
}
export const llmAttentionCondenser = defineCondenser({
  type: 'llm_attention',
  label: 'LLM attention',
  description: 'When the view outgrows max_size, an LLM ranks the events and only the most important half stays.',
  schema: z.strictObject({
    type: z.literal('llm_attention'),
    llm_config: llmConfigSetting,
    max_size: intSetting(100, 2, MAX_SIZE_DESCRIPTION),
    keep_first: intSetting(1, 0, KEEP_FIRST_DESCRIPTION),
  }),
  usesLlm: true,
  check: keepFirstBelowHalf,
  create: ({ max_size, keep_first }) =>
    rolling(
      (view) => view.length > max_size || view.unhandledCondensationRequest,
      function* (view) {
        const entries = view.entries;
        const head = pySlice(entries, 0, keep_first);
        const headIds = new Set(head.map(entryId));
        const eventsFromTail = floorDiv(max_size, 2) - head.length;
        const answer = yield lazyRequest(
          { condenser: 'llm_attention', responseSchema: ATTENTION_RESPONSE_SCHEMA },
          {
            // Logged events are named by id; synthetic ones (a summary, a placeholder) by their text.
            identity: () => [
              ATTENTION_INSTRUCTION,
              entries.map((entry) =>
                entry.kind === 'action' || entry.kind === 'observation' ? entry.id : entry.content,
              ),
            ],
            messages: () => [
              { role: 'user', content: ATTENTION_INSTRUCTION },
              ...entries.map((entry) => ({
                role: 'user' as const,
                content: attentionEventMessage(entryId(entry), eventMessage(entry)),
              })),
            ],
          },
        );
        // Duplicates and ids that are not in the view stay and use up the quota, as in OpenHands.
        const kept = parseRankedIds(answer.content)
          .filter((id) => !headIds.has(id))
          .slice(0, Math.max(0, eventsFromTail));
        const keptSet = new Set(kept);
        for (let i = entries.length - 1; i >= 0 && kept.length < eventsFromTail; i--) {
          const id = entryId(entries[i]!);
          if (!keptSet.has(id)) {
            kept.push(id);
            keptSet.add(id);
          }
        }
        // One id per view entry, so several placeholders (all id -1) or a repeated event forget it several times.
        return condensation({
          forgottenEventIds: entries.map(entryId).filter((id) => !keptSet.has(id) && !headIds.has(id)),
        });
      },
    ),
});
