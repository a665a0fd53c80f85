/**
 * The fold of `ConversationMemory.process_events` looks only at the pending responses an event can have
 * completed; OpenHands looks through all of them after every event. On random views of multi-call
 * responses (calls answered late, out of order, twice, before their call, or never, as when masking or
 * forgetting took their results) both give the same messages in the same order.
 */
import { describe, expect, it } from 'vitest';
import type { ViewEntry } from '../../../../src/engine/v0/index.ts';
import { ConversationFold } from '../../../../src/engine/v0/messages/conversationMemory.ts';
import { processAction } from '../../../../src/engine/v0/messages/actions.ts';
import type { DraftMessage } from '../../../../src/engine/v0/messages/draft.ts';
import { processObservation } from '../../../../src/engine/v0/messages/observations.ts';
import { compileAgentTemplates } from '../../../../src/templates/index.ts';
import { Random, prng } from '../fuzz/randomLog.ts';
import { events, response, system, toolMeta, userMessage } from './v0Log.ts';

const options = { maxMessageChars: null, templates: compileAgentTemplates({}) };

/** OpenHands' loop as written: after every event, every pending response in the order first held. */
function foldedAsOpenHands(view: readonly ViewEntry[]): DraftMessage[] {
  const messages: DraftMessage[] = [];
  const pending = new Map<string, DraftMessage>();
  const results = new Map<string, DraftMessage>();
  view.forEach((event, index) => {
    if (event.kind === 'action') {
      const outcome = processAction(event);
      if ('pending' in outcome) {
        const earlier = pending.get(outcome.pending.responseId);
        const { message } = outcome.pending;
        pending.set(
          outcome.pending.responseId,
          earlier ? { ...message, eventIds: [...earlier.eventIds, ...message.eventIds] } : message,
        );
      } else messages.push(...outcome.messages);
    } else {
      const outcome = processObservation(event, { ...options, events: view, index });
      if (outcome.toolResult) results.set(outcome.toolResult.toolCallId!, outcome.toolResult);
      messages.push(...outcome.messages);
    }
    for (const [responseId, message] of pending) {
      if (!message.toolCalls!.every((call) => results.has(call.id))) continue;
      messages.push(message);
      for (const call of message.toolCalls!) {
        messages.push(results.get(call.id)!);
        results.delete(call.id);
      }
      pending.delete(responseId);
    }
  });
  return messages;
}

/** A view of `responses` LLM responses of 1-3 calls each, their actions and results shuffled a little, some results missing. */
function randomView(random: Random, responses: number): ViewEntry[] {
  const raw: Array<Record<string, unknown>> = [system(), userMessage('go')];
  const waiting: Array<Record<string, unknown>> = [];
  for (let r = 0; r < responses; r++) {
    // Some providers number calls within each response (call_0, call_1…): ids then repeat across responses.
    const reused = random.chance(0.4);
    const calls = Array.from({ length: random.int(1, 3) }, (_, k) => ({
      id: reused ? `call_${k}` : `r${r}c${k}`,
      name: 'execute_bash',
    }));
    const answer = response(random.chance(0.5) ? `step ${r}` : null, calls);
    for (const call of calls) {
      const action = {
        source: 'agent',
        action: 'run',
        args: { command: `ls ${call.id} ${r}` },
        tool_call_metadata: toolMeta(call.id, 'execute_bash', answer),
      };
      const result = {
        source: 'agent',
        observation: 'run',
        content: `out ${call.id}`,
        extras: { command: `ls ${call.id}` },
        tool_call_metadata: toolMeta(call.id, 'execute_bash', { id: answer.id }),
      };
      raw.push(action);
      // Results come at once, later (after other responses' events), first, twice, or never.
      const fate = random.int(0, 9);
      if (fate < 4) raw.push(result);
      else if (fate < 7) waiting.push(result);
      else if (fate === 7) raw.splice(raw.length - 1, 0, result);
      else if (fate === 8) raw.push(result, result);
    }
    while (waiting.length > 0 && random.chance(0.5)) raw.push(waiting.splice(random.int(0, waiting.length - 1), 1)[0]!);
    if (random.chance(0.1)) raw.push(userMessage(`and ${r}`));
  }
  raw.push(...waiting);
  return events(raw);
}

const shape = (messages: readonly DraftMessage[]) =>
  messages.map((message) => ({ role: message.role, toolCallId: message.toolCallId, eventIds: message.eventIds }));

describe('the conversation fold', () => {
  it('emits what OpenHands’ look through every pending response emits, on random views', () => {
    let held = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const random = new Random(prng(7000 + seed));
      const view = randomView(random, 25);
      const fold = new ConversationFold(options);
      // Fed in random runs, as a run's views grow; each take() hands over only what was emitted since.
      const taken: DraftMessage[] = [];
      for (let fed = 0; fed < view.length;) {
        const upTo = Math.min(view.length, fed + random.int(1, 6));
        fold.feed(view.slice(0, upTo), fed);
        taken.push(...fold.take());
        expect(fold.take()).toEqual([]);
        fed = upTo;
      }
      const expected = foldedAsOpenHands(view);
      expect(shape(taken), `seed ${7000 + seed}`).toEqual(shape(expected));
      held +=
        view.filter((event) => event.kind === 'action').length - expected.filter((m) => m.role === 'assistant').length;
    }
    // Many calls never completed: their responses stayed pending to the end.
    expect(held).toBeGreaterThan(500);
  });
});
