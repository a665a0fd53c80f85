import { OpenHandsFailure, type TextDigest, truncateContent, ownEntry } from '../../core/index.ts';
import type { ObservationEvent, ViewEntry } from '../events.ts';
import { type PyEvent, pyEventOf } from '../prompts/eventFromDict.ts';
import { fileEditObservation, toAgentObservation } from '../prompts/eventString.ts';
import { OBSERVATION_CLASSES } from '../prompts/v0Classes.ts';
import {
  type DraftMessage,
  type DraftPart,
  type MessagePartsCache,
  AgentMessagesError,
  draft,
  imagePart,
  textPart,
  thaw,
} from './draft.ts';
import { EventImage, EventText, type EventTextDigests } from './eventTexts.ts';
import { recallParts } from './recall.ts';
import type { AgentTemplates } from './templates.ts';

const BASE64_IMAGE_MARK = '![image](data:image/png;base64,';
const BASE64_IMAGE_LINE = '![image](data:image/png;base64, ...) already displayed to user';

export interface ObservationContext {
  readonly maxMessageChars: number | null;
  readonly templates: AgentTemplates;
  /** The view with the system and initial user messages in place (recall deduplication reads it). */
  readonly events: readonly ViewEntry[];
  readonly index: number;
  readonly cache?: MessagePartsCache;
  /** Digests of the events' texts, kept from one estimate to the next (with `cache` only). */
  readonly digests?: EventTextDigests;
}

/** The event as OpenHands' `event_from_dict` builds it: legacy keys fixed, fields at their defaults. */
function pyFields(event: ObservationEvent): PyEvent['fields'] {
  const py = pyEventOf(event);
  if (!py)
    throw new AgentMessagesError(
      `event ${event.id} is a "${event.type}" observation, a type OpenHands does not know; it cannot load this log`,
      'KeyError',
    );
  return py.fields;
}

const textField = (fields: PyEvent['fields'], name: string): string => {
  const value = fields.get(name);
  return typeof value === 'string' ? value : '';
};

/** `str(FileEditObservation)`; OpenHands' own assertion becomes this step's one-line failure. */
function fileEditText(event: ObservationEvent): string {
  try {
    return fileEditObservation(pyFields(event));
  } catch (error) {
    if (error instanceof OpenHandsFailure)
      throw new AgentMessagesError(`event ${event.id}: ${error.message}`, error.pythonError);
    throw error;
  }
}

/** `CmdOutputObservation.to_agent_observation()` (the content cut at 30,000 characters when it was built). */
function commandOutput(event: ObservationEvent): string {
  return toAgentObservation(pyEventOf(event)!);
}

const isValidImageUrl = (url: unknown): url is string => typeof url === 'string' && url.trim() !== '';

function ipythonParts(event: ObservationEvent, maxChars: number | null): DraftPart[] {
  const fields = pyFields(event);
  const lines = textField(fields, 'content')
    .split('\n')
    .map((line) => (line.includes(BASE64_IMAGE_MARK) ? BASE64_IMAGE_LINE : line));
  const parts: DraftPart[] = [textPart(truncateContent(lines.join('\n'), maxChars))];
  const urls = fields.get('image_urls');
  if (Array.isArray(urls)) {
    const valid = urls.filter(isValidImageUrl);
    if (valid.length) parts.push(imagePart(valid));
  }
  return parts;
}

/** With visual browsing on (AgentConfig's default), interactive browsing attaches its screenshot. */
function browserParts(event: ObservationEvent): DraftPart[] {
  const fields = pyFields(event);
  const parts: DraftPart[] = [textPart(textField(fields, 'content'))];
  if (fields.get('trigger_by_action') === 'browse_interactive') {
    const [marks, screenshot] = [fields.get('set_of_marks'), fields.get('screenshot')];
    const image =
      typeof marks === 'string' && marks.length > 0
        ? marks
        : typeof screenshot === 'string' && screenshot.length > 0
          ? screenshot
          : null;
    if (isValidImageUrl(image)) parts.push(imagePart([image]));
  }
  return parts;
}

function delegateText(event: ObservationEvent): string {
  const outputs = pyFields(event).get('outputs');
  if (typeof outputs === 'object' && outputs !== null && 'content' in outputs) {
    const content = (outputs as Record<string, unknown>).content;
    if (typeof content === 'string') return content;
    throw new AgentMessagesError(
      `event ${event.id}: outputs.content of a delegate observation is not text; OpenHands fails to truncate it`,
      'TypeError',
    );
  }
  return event.content;
}

/** The message parts of a logged observation, or null when OpenHands shows nothing for it. */
function loggedObservationParts(event: ObservationEvent, context: ObservationContext): DraftPart[] | null {
  const max = context.maxMessageChars;
  const truncated = (text: string) => [textPart(truncateContent(text, max))];
  switch (event.type) {
    case 'run':
      return event.toolCall === null
        ? truncated(`\nObserved result of command executed by user:\n${commandOutput(event)}`)
        : truncated(commandOutput(event));
    case 'run_ipython':
      return ipythonParts(event, max);
    case 'edit':
      return truncated(fileEditText(event));
    case 'read':
      // openhands-aci has truncated it already.
      return [textPart(event.content)];
    case 'browse':
      return browserParts(event);
    case 'delegate':
      return truncated(delegateText(event));
    case 'error':
      return [textPart(`${truncateContent(event.content, max)}\n[Error occurred in processing last action]`)];
    case 'user_rejected':
      return [
        textPart(`OBSERVATION:\n${truncateContent(event.content, max)}\n[Last action has been rejected by the user]`),
      ];
    case 'mcp':
    case 'think':
    case 'task_tracking':
    case 'condense':
    case 'download':
      return truncated(event.content);
    case 'loop_detection':
      return null;
    case 'recall': {
      const parts = recallParts(event, context.index, context.events, context.templates);
      return parts.length ? parts : null;
    }
  }
  const className = ownEntry(OBSERVATION_CLASSES, event.type)?.className;
  if (!className)
    throw new AgentMessagesError(
      `event ${event.id} is a "${event.type}" observation, a type OpenHands does not know; it cannot load this log`,
      'KeyError',
    );
  throw new AgentMessagesError(
    `event ${event.id}: OpenHands' agent has no message for a ${className} ("${event.type}") and stops here`,
    `ValueError: Unknown observation type: ${className}`,
  );
}

/** Recall messages depend on what came earlier in the view; every other observation only on itself. */
function cachedParts(event: ObservationEvent, context: ObservationContext): DraftPart[] | null {
  const { cache, digests } = context;
  if (!cache || event.type === 'recall') return loggedObservationParts(event, context);
  const frozen = () => cache.get(event, () => loggedObservationParts(event, context));
  const known = digests?.get(event);
  if (known === null) return null;
  if (known) {
    const changed = () => new Error(`event ${event.id}'s message changed since its texts were measured`);
    const textAt = (k: number) => () => {
      const part = frozen()?.[k];
      if (part?.kind !== 'text') throw changed();
      return part.text;
    };
    const urlsAt = (k: number) => () => {
      const part = frozen()?.[k];
      if (part?.kind !== 'image') throw changed();
      return part.urls;
    };
    return known.map((digest, k) =>
      digest === null ? new EventImage(urlsAt(k)) : new EventText(null, digest, textAt(k), null),
    );
  }
  const parts = frozen();
  if (!parts) {
    digests?.set(event, null);
    return null;
  }
  if (!digests) return thaw(parts);
  // A text's digest is remembered once it is measured; an image is no more than its place.
  const found: (TextDigest | null)[] = [];
  let missing = parts.length;
  const remember = (k: number) => (digest: TextDigest | null) => {
    if (found[k] !== undefined) return;
    found[k] = digest;
    if (--missing === 0) digests.set(event, found);
  };
  return parts.map((part, k) => {
    if (part.kind === 'text') return new EventText(part.text, null, null, remember(k));
    remember(k)(null);
    return imagePart(part.urls);
  });
}

/** The log event a synthetic entry stands for: the summary's condensation, or what a placeholder masks. */
function originId(entry: ViewEntry): number {
  if (entry.kind === 'summary') return entry.condensationId;
  if (entry.kind === 'masked') return originId(entry.original);
  return entry.id;
}

export interface ObservationOutcome {
  /** Messages to add now (none when the observation answers a tool call or shows nothing). */
  readonly messages: DraftMessage[];
  /** The tool result it became, to be emitted after the assistant message that called it. */
  readonly toolResult: DraftMessage | null;
}

/** `ConversationMemory._process_observation` for one view entry (logged, a summary, or a placeholder). */
export function processObservation(
  entry: Exclude<ViewEntry, { kind: 'action' }>,
  context: ObservationContext,
): ObservationOutcome {
  if (entry.kind !== 'observation') {
    // Summaries and masking placeholders are AgentCondensationObservations without a tool call.
    return {
      messages: [draft('user', [textPart(truncateContent(entry.content, context.maxMessageChars))], [originId(entry)])],
      toolResult: null,
    };
  }
  const parts = cachedParts(entry, context);
  if (parts === null) return { messages: [], toolResult: null };
  const call = entry.toolCall;
  if (call === null) return { messages: [draft('user', parts, [entry.id])], toolResult: null };
  const toolResult = draft('tool', parts, [entry.id], { toolCallId: call.toolCallId, name: call.functionName });
  return { messages: [], toolResult };
}
