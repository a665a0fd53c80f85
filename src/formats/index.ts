import type { LogEvent } from '../engine/index.ts';
import { LogFormatError } from './errors.ts';
import { type EvalInstance, type LocateOptions, type LogInput, type LogShape, SHAPE_LABELS, locateEvents } from './logShapes.ts';
import { checkUniqueIds, readV0Event } from './v0Event.ts';

export { LogFormatError } from './errors.ts';
export { ConfigTextError, condenserConfigToToml, parseCondenserConfigText } from './condenserConfig.ts';
export type { EvalInstance, LogFile, LogInput, LogShape } from './logShapes.ts';
export { SHAPE_LABELS } from './logShapes.ts';
export { SESSION_FILE_FORMAT, SESSION_FILE_VERSION, isSessionFileText, parseSessionFile, writeSessionFile } from './sessionFile.ts';
export type { SessionFile } from './sessionFile.ts';
export { parseLlmScript } from './llmScript.ts';

export interface ParsedLog {
  readonly shape: LogShape;
  readonly events: readonly LogEvent[];
  /** Each event's JSON exactly as the log has it, for display (index-aligned with `events`). */
  readonly raw: readonly unknown[];
  readonly instances: readonly EvalInstance[];
  readonly instanceId: string | null;
  /** Things worth telling the user (several instances, the conversation's title...). */
  readonly notes: readonly string[];
  readonly recordedCondenser: unknown;
}

/** Reads a log in any supported shape, validating every event; throws LogFormatError with a path. */
export function readLog(input: LogInput, options: LocateOptions = {}): ParsedLog {
  const found = locateEvents(input, options);
  if (found.items.length === 0) throw new LogFormatError('', 'the log holds no events');
  const events = found.items.map((item, i) => readV0Event(item, i, () => found.label(i)));
  checkUniqueIds(events, found.label);
  return {
    shape: found.shape,
    events,
    raw: found.items,
    instances: found.instances,
    instanceId: found.instanceId,
    notes: found.notes,
    recordedCondenser: found.recordedCondenser,
  };
}

export function describeLog(log: ParsedLog): string {
  return `${SHAPE_LABELS[log.shape]}, ${log.events.length} events`;
}
