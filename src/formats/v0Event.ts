import { z } from 'zod';
import {
  type CondensationArgs,
  type LogEvent,
  condensationArgsProblem,
  makeAction,
  makeObservation,
} from '../engine/index.ts';
import { LogFormatError } from './errors.ts';

/** A range condensation wider than this is refused: expanding it would exhaust memory. */
const MAX_RANGE = 10_000_000;

const payload = z.record(z.string(), z.unknown());

const v0EventSchema = z.looseObject({
  id: z.number().int().nullish(),
  source: z.enum(['agent', 'user', 'environment']).nullish(),
  message: z.string().nullish(),
  cause: z.number().int().nullish(),
  action: z.string().nullish(),
  observation: z.string().nullish(),
  args: payload.nullish(),
  content: z.string().nullish(),
  extras: payload.nullish(),
  success: z.boolean().nullish(),
  tool_call_metadata: z
    .looseObject({ model_response: z.looseObject({ id: z.string().nullish() }).nullish() })
    .nullish(),
});

const intOrNull = z.number().int().nullish().transform((value) => value ?? null);

const condensationArgsSchema = z.looseObject({
  forgotten_event_ids: z.array(z.number().int()).nullish().transform((value) => value ?? null),
  forgotten_events_start_id: intOrNull,
  forgotten_events_end_id: intOrNull,
  summary: z.string().nullish().transform((value) => value ?? null),
  summary_offset: intOrNull,
});

function formatIssue(issue: z.core.$ZodIssue): [string, string] {
  const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
  return [path, issue.message];
}

function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const [path, message] = formatIssue(result.error.issues[0]!);
  throw new LogFormatError(`${where}${path}`, message);
}

function condensationArgs(args: Record<string, unknown>, where: string, id: number): CondensationArgs {
  const parsed = parseOrThrow(condensationArgsSchema, args, `${where}.args`);
  const result: CondensationArgs = {
    forgottenEventIds: parsed.forgotten_event_ids,
    forgottenEventsStartId: parsed.forgotten_events_start_id,
    forgottenEventsEndId: parsed.forgotten_events_end_id,
    summary: parsed.summary,
    summaryOffset: parsed.summary_offset,
  };
  const problem = condensationArgsProblem(result);
  if (problem) {
    throw new LogFormatError(`${where}.args`, `condensation ${id} is invalid (${problem}); OpenHands itself refuses to load such an event`);
  }
  const { forgottenEventsStartId: start, forgottenEventsEndId: end } = result;
  if (start !== null && end !== null && end - start > MAX_RANGE) {
    throw new LogFormatError(`${where}.args`, `condensation ${id} forgets the range ${start}..${end}, which is implausibly wide`);
  }
  return result;
}

/**
 * Reads one V0 event (an object with `action` or `observation`, an integer `id`...).
 * `where` names it in messages, e.g. `trajectory[12]`.
 */
export function readV0Event(value: unknown, index: number, where: string): LogEvent {
  const event = parseOrThrow(v0EventSchema, value, where);
  const isAction = 'action' in event && event.action !== undefined;
  if (!isAction && !('observation' in event)) {
    throw new LogFormatError(where, 'an OpenHands event needs an "action" or an "observation" key');
  }
  if (event.id === undefined || event.id === null || event.id < 0) {
    throw new LogFormatError(`${where}.id`, 'the event has no id; condensers forget events by id, so this log cannot be replayed');
  }
  const base = {
    id: event.id,
    index,
    source: event.source ?? null,
    cause: event.cause ?? null,
    responseId: event.tool_call_metadata?.model_response?.id ?? null,
    loggedMessage: event.message ?? null,
  };
  if (isAction) {
    const args = event.args ?? {};
    const type = event.action ?? 'null';
    return makeAction(base, type, args, type === 'condensation' ? condensationArgs(args, where, event.id) : undefined);
  }
  // Some logs write the string "null", others JSON null: both are NullObservation.
  return makeObservation(base, event.observation ?? 'null', event.content ?? '', event.extras ?? {}, event.success ?? null);
}

/** Refuses logs whose ids repeat: forgetting by id would hide the wrong events. */
export function checkUniqueIds(events: readonly LogEvent[], label: (index: number) => string): void {
  const seen = new Map<number, number>();
  for (const event of events) {
    const earlier = seen.get(event.id);
    if (earlier !== undefined) {
      throw new LogFormatError(label(event.index), `id ${event.id} is used twice (also by ${label(earlier)}); condensers forget events by id, so this log cannot be replayed`);
    }
    seen.set(event.id, event.index);
  }
}
