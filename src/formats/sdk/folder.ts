import { LogFormatError, parseJson } from '../errors.ts';
import type { LocatedEvents, LogFile } from '../logShapes.ts';

/** `event-NNNNN-<event id>.json`: the SDK's file store names (the index has at least 5 digits). */
const EVENT_FILE = /(?:^|\/)event-(\d{5,})-([^/]+)\.json$/;
const BASE_STATE = /(?:^|\/)base_state\.json$/;

export function isSdkFolder(files: readonly LogFile[]): boolean {
  return files.some((file) => EVENT_FILE.test(file.path) || BASE_STATE.test(file.path));
}

function directoryOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** The conversation folder's base_state.json: beside an `events/` folder, or beside the event files. */
function findBaseState(files: readonly LogFile[], eventsDir: string): LogFile | undefined {
  const parent = eventsDir.endsWith('events') ? directoryOf(eventsDir) : null;
  const candidates = [parent, eventsDir].filter((dir): dir is string => dir !== null).map((dir) => (dir ? `${dir}/base_state.json` : 'base_state.json'));
  return candidates.map((path) => files.find((file) => file.path === path)).find((file) => file !== undefined);
}

/**
 * An SDK conversation folder (`base_state.json` + `events/event-NNNNN-<id>.json`) or a flat folder of
 * event files (OpenHands-CLI's recorded conversations): the events in the order of their index.
 */
export function locateSdkFolder(name: string, files: readonly LogFile[]): LocatedEvents {
  const eventFiles = files
    .map((file) => ({ file, match: EVENT_FILE.exec(file.path) }))
    .filter((entry): entry is { file: LogFile; match: RegExpExecArray } => entry.match !== null)
    .map(({ file, match }) => ({ file, number: Number(match[1]), dir: directoryOf(file.path) }))
    .sort((a, b) => a.number - b.number);
  if (eventFiles.length === 0) {
    throw new LogFormatError(name, 'this SDK conversation folder has no event files (expected events/event-00000-<id>.json, ...)');
  }
  const dirs = [...new Set(eventFiles.map((entry) => entry.dir))];
  if (dirs.length > 1) {
    throw new LogFormatError(name, `this folder holds event files of ${dirs.length} conversations (${dirs.join(', ')}); open one conversation folder`);
  }
  const notes: string[] = [];
  eventFiles.forEach((entry, i) => {
    if (i > 0 && entry.number === eventFiles[i - 1]!.number) {
      throw new LogFormatError(entry.file.path, `event index ${entry.number} is used twice (also by ${eventFiles[i - 1]!.file.path})`);
    }
  });
  const gap = eventFiles.findIndex((entry, i) => entry.number !== i);
  if (gap >= 0) {
    notes.push(`Event file ${gap} is missing (the next is ${eventFiles[gap]!.file.path}); the SDK would stop reading there, the inspector reads on.`);
  }
  const baseStateFile = findBaseState(files, dirs[0]!);
  const baseState = baseStateFile ? parseJson(baseStateFile.text, baseStateFile.path) : null;
  return {
    shape: baseStateFile ? 'sdk-conversation-folder' : 'sdk-events-folder',
    items: eventFiles.map(({ file }) => parseJson(file.text, file.path)),
    label: (i) => eventFiles[i]!.file.path,
    instances: [],
    instanceId: null,
    notes,
    recordedCondenser: null,
    baseState,
  };
}
