/**
 * Event builders for the engine unit tests. Every event gets an explicit id; expectations are written
 * as id lists, with 'S' for the inserted summary and 'M' for a masking placeholder (both id -1).
 */
import { type LlmAnswer, type LlmRequest, runSync } from '../../../src/engine/index.ts';
import {
  type ActionEvent,
  type CondensationArgs,
  type CondenseResult,
  type Condenser,
  type LogEvent,
  type ObservationEvent,
  type View,
  type ViewEntry,
  buildCondenser,
  entryId,
  isCondensation,
  makeAction,
  makeObservation,
  parseCondenserConfig,
} from '../../../src/engine/v0/index.ts';

type Source = 'agent' | 'user' | 'environment';

function base(id: number, source: Source | null, cause: number | null = null, loggedMessage: string | null = null) {
  return { id, index: id, source, cause, responseId: null, loggedMessage };
}

/** MessageAction(content), source user by default (OpenHands' test_view uses 'Event i'). */
export function msg(id: number, content = `Event ${id}`, source: Source = 'user'): ActionEvent {
  return makeAction(base(id, source, null, content), 'message', {
    content,
    file_urls: null,
    image_urls: null,
    wait_for_response: false,
    security_risk: -1,
  });
}
export function systemMsg(id: number, content = 'You are OpenHands agent'): ActionEvent {
  return makeAction(base(id, 'agent', null, content), 'system', {
    content,
    tools: [],
    openhands_version: '0.62.0',
    agent_class: 'CodeActAgent',
  });
}

export function recall(id: number, query: string): ActionEvent {
  return makeAction(base(id, 'user'), 'recall', { recall_type: 'knowledge', query, thought: '' });
}

export function recallObs(id: number, cause: number): ObservationEvent {
  return makeObservation(
    base(id, 'environment', cause),
    'recall',
    '',
    { recall_type: 'knowledge', microagent_knowledge: [] },
    null,
  );
}

export function cmd(id: number, command = `ls ${id}`): ActionEvent {
  return makeAction(base(id, 'agent'), 'run', {
    command,
    is_input: false,
    thought: '',
    blocking: false,
    is_static: false,
    cwd: null,
    hidden: false,
  });
}

export function cmdOut(id: number, cause: number | null = null, content = `output ${id}`): ObservationEvent {
  return makeObservation(
    base(id, 'agent', cause),
    'run',
    content,
    { command: 'ls', metadata: { exit_code: 0 }, hidden: false },
    true,
  );
}

export function browserObs(id: number, content = `Observation ${id}`, url = ''): ObservationEvent {
  return makeObservation(base(id, 'agent'), 'browse', content, { url, trigger_by_action: 'browse' }, null);
}

export function condensationArgs(args: Partial<CondensationArgs>): CondensationArgs {
  return {
    forgottenEventIds: args.forgottenEventIds ?? null,
    forgottenEventsStartId: args.forgottenEventsStartId ?? null,
    forgottenEventsEndId: args.forgottenEventsEndId ?? null,
    summary: args.summary ?? null,
    summaryOffset: args.summaryOffset ?? null,
  };
}

/** A stored CondensationAction (`action: "condensation"`). */
export function cond(id: number, args: Partial<CondensationArgs> | CondensationArgs): ActionEvent {
  const full = condensationArgs(args);
  return makeAction(
    base(id, 'agent'),
    'condensation',
    {
      forgotten_event_ids: full.forgottenEventIds,
      forgotten_events_start_id: full.forgottenEventsStartId,
      forgotten_events_end_id: full.forgottenEventsEndId,
      summary: full.summary,
      summary_offset: full.summaryOffset,
    },
    full,
  );
}

export function req(id: number): ActionEvent {
  return makeAction(base(id, 'agent'), 'condensation_request', {});
}

function isEntryList(value: View | readonly ViewEntry[]): value is readonly ViewEntry[] {
  return Array.isArray(value);
}

/** Ids of a view (or entry list); 'S' for a summary, 'M' for a masked placeholder. */
export function ids(view: View | readonly ViewEntry[]): (number | 'S' | 'M')[] {
  const entries: readonly ViewEntry[] = isEntryList(view) ? view : view.entries;
  return entries.map((entry) => (entry.kind === 'summary' ? 'S' : entry.kind === 'masked' ? 'M' : entryId(entry)));
}

export function messages(count: number, first = 0): ActionEvent[] {
  return Array.from({ length: count }, (_, i) => msg(first + i));
}

export function build(config: Record<string, unknown>): Condenser {
  return buildCondenser(parseCondenserConfig(config));
}

export interface Recorded {
  result: CondenseResult;
  requests: LlmRequest[];
}

/** Runs condense(view), answering every LLM request with `answer`, and records the requests. */
export function condense(
  condenser: Condenser,
  view: View,
  answer: (request: LlmRequest, callIndex: number) => LlmAnswer = () => {
    throw new Error('this condenser should not ask an LLM');
  },
): Recorded {
  const requests: LlmRequest[] = [];
  const result = runSync(condenser.condense(view), (request, i) => {
    requests.push(request);
    return answer(request, i);
  });
  return { result, requests };
}

/** condense() and return the condensation args; fails the test when a View comes back. */
export function condensationOf(result: CondenseResult): CondensationArgs {
  if (!isCondensation(result)) throw new Error(`expected a condensation, got a view of ${result.length}`);
  return result.args;
}

export function viewResult(result: CondenseResult): View {
  if (isCondensation(result)) throw new Error(`expected a view, got a condensation ${JSON.stringify(result.args)}`);
  return result;
}

/** Expected forms of a condensation: a range, an explicit list. */
export function range(
  start: number,
  end: number,
  summary: string | null = null,
  summaryOffset: number | null = null,
): CondensationArgs {
  return condensationArgs({ forgottenEventsStartId: start, forgottenEventsEndId: end, summary, summaryOffset });
}

export function explicit(list: number[]): CondensationArgs {
  return condensationArgs({ forgottenEventIds: list });
}

export type { LogEvent };
