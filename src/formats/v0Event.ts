import { z } from 'zod';
import {
  type CondensationArgs,
  type LogEvent,
  condensationArgsProblem,
  makeAction,
  makeObservation,
} from '../engine/v0/index.ts';
import { LogFormatError } from './errors.ts';
import { readToolCallMetadata } from './v0ToolCall.ts';
import { readContentLater } from './v0PayloadLater.ts';

/** A JSON object, checked without copying it (args and extras can be large: browser trees, file contents). */
const payload = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  {
    error: 'expected an object',
  },
);

// Unknown keys are allowed and not copied: the raw event is kept separately for display.
const v0EventSchema = z.object({
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
  tool_call_metadata: z.object({ model_response: z.object({ id: z.string().nullish() }).nullish() }).nullish(),
});

const intOrNull = z
  .number()
  .int()
  .nullish()
  .transform((value) => value ?? null);

const condensationArgsSchema = z.looseObject({
  forgotten_event_ids: z
    .array(z.number().int())
    .nullish()
    .transform((value) => value ?? null),
  forgotten_events_start_id: intOrNull,
  forgotten_events_end_id: intOrNull,
  summary: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
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
    throw new LogFormatError(
      `${where}.args`,
      `condensation ${id} is invalid (${problem}); OpenHands itself refuses to load such an event`,
    );
  }
  // A range of any width is fine: it is counted against the log's ids, never expanded.
  return result;
}

/**
 * The one rule for a logged event's integer id: 0 up to 2^52 − 1. OpenHands numbers the events it
 * stores from 0 (-1 marks one never stored); past 2^52 the ids a replay gives its own condensations
 * (one past the largest, counting up) would stop being distinct numbers in JavaScript.
 */
export const MAX_EVENT_ID = 2 ** 52 - 1;

function eventIdProblem(id: number): string | null {
  if (id < 0)
    return `id ${id} is negative, and OpenHands numbers the events it stores from 0 (-1 marks an event never stored)`;
  if (id > MAX_EVENT_ID)
    return `id ${id} is past ${MAX_EVENT_ID} (2^52 - 1), beyond which JavaScript numbers cannot keep ids apart`;
  return null;
}

type V0Fields = z.infer<typeof v0EventSchema>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isIntOrAbsent = (value: unknown) => value === undefined || value === null || Number.isInteger(value);
const isStringOrAbsent = (value: unknown) => value === undefined || value === null || typeof value === 'string';
const SOURCES = new Set([undefined, null, 'agent', 'user', 'environment']);

/**
 * The schema's check for the everyday event, written out by hand: logs hold tens of thousands of
 * events and this is several times faster than a zod parse. It only accepts what `v0EventSchema`
 * accepts; anything else goes through zod, which then names the offending field.
 */
function quickFields(value: unknown, contentChecked = false): V0Fields | null {
  if (!isObject(value)) return null;
  const { id, source, message, cause, action, observation, args, extras, success, tool_call_metadata: meta } = value;
  // A content read later was checked already (a string): reading it would parse it again.
  const content = contentChecked ? undefined : value.content;
  const plain =
    isIntOrAbsent(id) &&
    SOURCES.has(source as string) &&
    isStringOrAbsent(message) &&
    isIntOrAbsent(cause) &&
    isStringOrAbsent(action) &&
    isStringOrAbsent(observation) &&
    (args === undefined || args === null || isObject(args)) &&
    (extras === undefined || extras === null || isObject(extras)) &&
    isStringOrAbsent(content) &&
    (success === undefined || success === null || typeof success === 'boolean');
  if (!plain) return null;
  if (meta !== undefined && meta !== null) {
    if (!isObject(meta)) return null;
    const response = meta.model_response;
    if (response !== undefined && response !== null && (!isObject(response) || !isStringOrAbsent(response.id)))
      return null;
  }
  return value as V0Fields;
}

/** OpenHands writes `datetime.isoformat()`: microseconds and, usually, no zone (then UTC). */
function timeOf(timestamp: unknown): number | null {
  if (typeof timestamp !== 'string') return null;
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d{1,3})?\d*(Z|[+-]\d{2}:?\d{2})?$/.exec(timestamp);
  if (!match) return null;
  const time = Date.parse(`${match[1]}${match[2] ?? ''}${match[3] ?? 'Z'}`);
  return Number.isNaN(time) ? null : time;
}

/**
 * Reads one V0 event (an object with `action` or `observation`, an integer `id`...).
 * `where` names it in messages, e.g. `trajectory[12]`; it is only built when something is wrong.
 */
export function readV0Event(value: unknown, index: number, where: string | (() => string)): LogEvent {
  const place = typeof where === 'string' ? () => where : where;
  const readContent = readContentLater(value);
  const event = quickFields(value, readContent !== undefined) ?? parseOrThrow(v0EventSchema, value, place());
  const record = value as Record<string, unknown>;
  const isAction = 'action' in record;
  if (!isAction && !('observation' in record)) {
    throw new LogFormatError(place(), 'an OpenHands event needs an "action" or an "observation" key');
  }
  if (event.id === undefined || event.id === null) {
    throw new LogFormatError(
      `${place()}.id`,
      'the event has no id; condensers forget events by id, so this log cannot be replayed',
    );
  }
  const idProblem = eventIdProblem(event.id);
  if (idProblem)
    throw new LogFormatError(
      `${place()}.id`,
      `${idProblem}; condensers forget events by id, so this log cannot be replayed`,
    );
  const base = {
    id: event.id,
    index,
    source: event.source ?? null,
    cause: event.cause ?? null,
    responseId: event.tool_call_metadata?.model_response?.id ?? null,
    toolCall: readToolCallMetadata(event.tool_call_metadata, isAction),
    time: timeOf(record.timestamp),
    loggedMessage: event.message ?? null,
  };
  if (isAction) {
    const args = event.args ?? {};
    const type = event.action ?? 'null';
    return makeAction(
      base,
      type,
      args,
      type === 'condensation' ? condensationArgs(args, place(), event.id) : undefined,
    );
  }
  // Some logs write the string "null", others JSON null: both are NullObservation.
  return makeObservation(
    base,
    event.observation ?? 'null',
    readContent ?? event.content ?? '',
    event.extras ?? {},
    event.success ?? null,
  );
}

/**
 * Refuses logs whose ids repeat: forgetting by id would hide the wrong events. For both flavors
 * (integer V0 ids, string SDK ids); `forgetters` names what forgets in the message.
 */
export function checkUniqueIds(
  events: ReadonlyArray<{ readonly id: number | string; readonly index: number }>,
  label: (index: number) => string,
  forgetters = 'condensers',
): void {
  const seen = new Map<number | string, number>();
  for (const event of events) {
    const earlier = seen.get(event.id);
    if (earlier !== undefined) {
      throw new LogFormatError(
        label(event.index),
        `id ${event.id} is used twice (also by ${label(earlier)}); ${forgetters} forget events by id, so this log cannot be replayed`,
      );
    }
    seen.set(event.id, event.index);
  }
}
