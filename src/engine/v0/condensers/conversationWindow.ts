import { z } from 'zod';
import { condensation, defineCondenser, rolling } from '../condenser.ts';
import { type LogEvent, type ViewEntry, entryId, isAction, isObservation, stringArg } from '../events.ts';
import { floorDiv } from '../../core/index.ts';

/** The events conversation_window never forgets: system prompt, first user message, its recall and answer. */
function essentialIds(entries: readonly ViewEntry[]): number[] {
  const system = entries.find((entry) => isAction(entry, 'system'));
  const firstUserIndex = entries.findIndex((entry) => isAction(entry, 'message') && entry.source === 'user');
  const firstUser = entries[firstUserIndex] as LogEvent | undefined;
  if (!firstUser) return [];
  const essential = system ? [entryId(system), firstUser.id] : [firstUser.id];
  const task = stringArg(firstUser, 'content');
  for (let i = firstUserIndex + 1; i < entries.length; i++) {
    const recall = entries[i]!;
    if (!isAction(recall, 'recall') || stringArg(recall, 'query') !== task) continue;
    essential.push(recall.id);
    for (let j = i + 1; j < entries.length; j++) {
      const answer = entries[j]!;
      if (answer.kind === 'observation' && answer.cause === recall.id) {
        essential.push(answer.id);
        break;
      }
    }
    break;
  }
  return essential;
}

/** Range form only for more than one contiguous id; otherwise an explicit sorted list (even for one id). */
function encode(forgotten: number[]) {
  const first = forgotten[0];
  const last = forgotten[forgotten.length - 1];
  if (first !== undefined && last !== undefined && forgotten.length > 1 && last - first === forgotten.length - 1) {
    return condensation({ forgottenEventsStartId: first, forgottenEventsEndId: last });
  }
  return condensation({ forgottenEventIds: forgotten });
}

export const conversationWindowCondenser = defineCondenser({
  type: 'conversation_window',
  label: 'Conversation window',
  description: 'Only on a condensation request: keeps the essentials and the newer half of the rest.',
  schema: z.strictObject({ type: z.literal('conversation_window') }),
  usesLlm: false,
  create: () =>
    rolling(
      (view) => view.unhandledCondensationRequest,
      // eslint-disable-next-line require-yield -- no LLM here, but rolling condensers share the generator shape
      function* (view) {
        const entries = view.entries;
        const hasUserMessage = entries.some((entry) => isAction(entry, 'message') && entry.source === 'user');
        // OpenHands logs a warning and returns an empty condensation, which still handles the request.
        if (entries.length === 0 || !hasUserMessage) return condensation({ forgottenEventIds: [] });
        const essential = essentialIds(entries);
        const total = entries.length;
        const keepRecent = Math.max(1, floorDiv(total - essential.length, 2));
        const sliceStart = Math.max(0, total - keepRecent);
        // Observations at the start of the kept slice would dangle without their action: skip them.
        let firstValid = sliceStart;
        while (firstValid < total && isObservation(entries[firstValid]!)) firstValid++;
        const keep = new Set(essential);
        for (let k = firstValid; k < total; k++) keep.add(entryId(entries[k]!));
        const forgotten = [...new Set(entries.map(entryId))].filter((id) => !keep.has(id)).sort((a, b) => a - b);
        return encode(forgotten);
      },
    ),
});
