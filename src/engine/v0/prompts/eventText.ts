import { MEMO_CHARS, weakFifoMemo } from '../../core/index.ts';
import { type LogEvent, type ViewEntry, stringArg } from '../events.ts';
import { pyEventOf } from './eventFromDict.ts';
import { pyEventMessage } from './eventMessage.ts';
import { pyEventString } from './eventString.ts';
import { PyEnum, dataclassRepr } from './pythonRepr.ts';

/**
 * The texts OpenHands derives from an event, exactly as its V0 classes print them: the `message`
 * property (what `llm_attention` shows) and `str(event)` (what the summarizers show). Both are computed
 * from the dataclass `event_from_dict` would build (eventFromDict.ts).
 */

/** The `message` property of the event OpenHands would load from this log entry. */
export function eventMessage(entry: ViewEntry): string {
  if (entry.kind === 'summary' || entry.kind === 'masked') return entry.content;
  const event = pyEventOf(entry);
  return event ? pyEventMessage(event) : '';
}

/** A type OpenHands has no class for (it cannot load such a log): the payload in the dataclass form. */
function unknownTypeText(event: LogEvent): string {
  const bag = event.kind === 'action' ? event.args : { content: event.content, ...event.extras };
  const className = event.kind === 'action' ? 'Action' : 'Observation';
  return dataclassRepr(className, [
    ...Object.entries(bag),
    [
      event.kind,
      new PyEnum(event.kind === 'action' ? 'ActionType' : 'ObservationType', event.type.toUpperCase(), event.type),
    ],
  ]);
}

/** Prompt texts remembered: replays with other settings summarize the same events again. */
const promptTexts = weakFifoMemo<LogEvent, string>(MEMO_CHARS, (text) => text.length);

/** `str(event)`: the text OpenHands' summarizers put inside each `<EVENT id=N>` block. */
export function eventPromptText(entry: ViewEntry): string {
  if (entry.kind === 'summary' || entry.kind === 'masked') {
    return dataclassRepr('AgentCondensationObservation', [
      ['content', entry.content],
      ['observation', new PyEnum('ObservationType', 'CONDENSE', 'condense')],
    ]);
  }
  return promptTexts.get(entry, () => {
    const event = pyEventOf(entry);
    return event ? pyEventString(event) : unknownTypeText(entry);
  });
}

/** Bookkeeping args that never reach the model. */
const HIDDEN_ARGS = new Set([
  'security_risk',
  'confirmation_state',
  'impl_source',
  'is_static',
  'blocking',
  'hidden',
  'kernel_init_code',
  'include_extra',
]);

/**
 * The text a token estimate counts for an event: roughly what the agent's prompt holds for it
 * (message content, a tool call's thought and arguments, an observation's content).
 */
export function eventTokenText(event: LogEvent): string {
  if (event.kind === 'observation') return event.content;
  if (event.type === 'message') return stringArg(event, 'content');
  if (event.type === 'system')
    return stringArg(event, 'content') + (event.args.tools ? JSON.stringify(event.args.tools) : '');
  const visible = Object.entries(event.args).filter(
    ([key, value]) => !HIDDEN_ARGS.has(key) && value !== null && value !== '',
  );
  return visible
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('\n');
}
