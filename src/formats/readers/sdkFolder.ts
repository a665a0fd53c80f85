import { LogFormatError, parseJson } from '../errors.ts';
import { chooseInstance, severalInstancesNote } from '../instances.ts';
import { fileText } from '../logFile.ts';
import { type EvalInstance, type LocateOptions, type LocatedEvents, type LogFile, isRecord } from '../types.ts';
import { defineReader } from './types.ts';

/** `event-NNNNN-<event id>.json`: the SDK's file store names (the index has at least 5 digits). */
const EVENT_FILE = /(?:^|\/)event-(\d{5,})-([^/]+)\.json$/;
/**
 * `event_NNNNNN_<event id>.json` beside `meta.json`: the OpenHands web UI's V1 download (OpenHands
 * #12030; openhands/app_server/app_conversation/live_status_app_conversation_service.py writes
 * `event_{i:06d}_{event.id}.json` and the conversation's info as meta.json).
 */
const UI_EVENT_FILE = /(?:^|\/)event_(\d+)_([^/]+)\.json$/;
const BASE_STATE = /(?:^|\/)base_state\.json$/;

function isSdkFolder(files: readonly LogFile[]): boolean {
  return files.some(
    (file) => EVENT_FILE.test(file.path) || UI_EVENT_FILE.test(file.path) || BASE_STATE.test(file.path),
  );
}

function directoryOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

interface EventFile {
  readonly file: LogFile;
  readonly number: number;
}

/** One conversation: its event files in order, from the folder `dir`. */
interface Conversation {
  readonly dir: string;
  readonly uiDownload: boolean;
  readonly events: readonly EventFile[];
}

function conversationsOf(files: readonly LogFile[]): Conversation[] {
  const byDir = new Map<string, { uiDownload: boolean; events: EventFile[] }>();
  for (const file of files) {
    const match = EVENT_FILE.exec(file.path) ?? UI_EVENT_FILE.exec(file.path);
    if (!match) continue;
    const dir = directoryOf(file.path);
    const entry = byDir.get(dir) ?? { uiDownload: !EVENT_FILE.test(file.path), events: [] };
    entry.events.push({ file, number: Number(match[1]) });
    byDir.set(dir, entry);
  }
  return [...byDir].map(([dir, entry]) => ({
    dir,
    uiDownload: entry.uiDownload,
    events: entry.events.sort((a, b) => a.number - b.number),
  }));
}

/** The conversation's own folder: the one holding `events/`, or the events' folder itself. */
const rootOf = (conversation: Conversation) =>
  /(^|\/)events$/.test(conversation.dir) ? directoryOf(conversation.dir) : conversation.dir;

/** The conversation folder's base_state.json: beside an `events/` folder, or beside the event files. */
function findBaseState(files: readonly LogFile[], eventsDir: string): LogFile | undefined {
  const parent = eventsDir.endsWith('events') ? directoryOf(eventsDir) : null;
  const candidates = [parent, eventsDir]
    .filter((dir): dir is string => dir !== null)
    .map((dir) => (dir ? `${dir}/base_state.json` : 'base_state.json'));
  return candidates.map((path) => files.find((file) => file.path === path)).find((file) => file !== undefined);
}

const CONDENSATION = /"kind"\s*:\s*"Condensation"/;

function instancesOf(
  conversations: readonly Conversation[],
  name: string,
  resolvedIds: ReadonlySet<string> | null,
): EvalInstance[] {
  return conversations.map((conversation, i) => {
    const id = baseName(rootOf(conversation)) || name;
    return {
      id,
      position: i + 1,
      eventCount: conversation.events.length,
      // Counted from the text, not parsed: an archive of a whole run holds tens of thousands of files.
      condensations: conversation.events.filter(({ file }) => CONDENSATION.test(fileText(file))).length,
      resolved: resolvedIds ? resolvedIds.has(id) : null,
    };
  });
}

/** What the web UI's meta.json (the conversation's AppConversationInfo) tells worth showing. */
function uiDownloadNotes(files: readonly LogFile[], dir: string): string[] {
  const metaFile = files.find((file) => file.path === (dir ? `${dir}/meta.json` : 'meta.json'));
  const notes = [
    'The web UI download records no condenser (it has no base_state.json): the replay starts from the SDK’s default; pick a preset to compare.',
  ];
  if (!metaFile) return notes;
  const meta = parseJson(fileText(metaFile), metaFile.path);
  if (!isRecord(meta)) return notes;
  const about = [
    typeof meta.title === 'string' ? meta.title : null,
    typeof meta.llm_model === 'string' ? `model ${meta.llm_model}` : null,
  ].filter(Boolean);
  return about.length ? [`Conversation: ${about.join(', ')}.`, ...notes] : notes;
}

/**
 * An SDK conversation folder (`base_state.json` + `events/event-NNNNN-<id>.json`), a flat folder of
 * event files (OpenHands-CLI's recorded conversations), the web UI's V1 download, or a folder of
 * several conversations (an eval run's archive: each conversation is an instance).
 */
function locateSdkFolder(
  name: string,
  files: readonly LogFile[],
  options: LocateOptions = {},
  resolvedIds: ReadonlySet<string> | null = null,
): LocatedEvents {
  const conversations = conversationsOf(files);
  if (conversations.length === 0) {
    throw new LogFormatError(
      name,
      'this SDK conversation folder has no event files (expected events/event-00000-<id>.json, ...)',
    );
  }
  const instances = conversations.length > 1 ? instancesOf(conversations, name, resolvedIds) : [];
  const chosen =
    conversations.length > 1 ? conversations[chooseInstance(instances, options.instance)]! : conversations[0]!;
  const eventFiles = chosen.events;
  const notes: string[] = [];
  eventFiles.forEach((entry, i) => {
    if (i > 0 && entry.number === eventFiles[i - 1]!.number) {
      throw new LogFormatError(
        entry.file.path,
        `event index ${entry.number} is used twice (also by ${eventFiles[i - 1]!.file.path})`,
      );
    }
  });
  const gap = eventFiles.findIndex((entry, i) => entry.number !== i);
  if (gap >= 0) {
    notes.push(
      `Event file ${gap} is missing (the next is ${eventFiles[gap]!.file.path}); the SDK would stop reading there, the inspector reads on.`,
    );
  }
  const instanceId = conversations.length > 1 ? instances[conversations.indexOf(chosen)]!.id : null;
  if (instanceId !== null) notes.unshift(...severalInstancesNote(instances, instanceId));
  if (chosen.uiDownload) notes.push(...uiDownloadNotes(files, chosen.dir));
  const baseStateFile = chosen.uiDownload ? undefined : findBaseState(files, chosen.dir);
  const baseState = baseStateFile ? parseJson(fileText(baseStateFile), baseStateFile.path) : null;
  return {
    shape: chosen.uiDownload ? 'sdk-ui-download' : baseStateFile ? 'sdk-conversation-folder' : 'sdk-events-folder',
    items: eventFiles.map(({ file }) => parseJson(fileText(file), file.path)),
    label: (i) => eventFiles[i]!.file.path,
    instances,
    instanceId,
    notes,
    recordedCondenser: null,
    baseState,
  };
}

/**
 * An SDK conversation folder (`base_state.json` + `events/event-NNNNN-<id>.json`); the same reader finds
 * flat folders of SDK event files and the web UI's V1 download.
 */
export const sdkFolderReader = defineReader({
  shape: 'sdk-conversation-folder',
  label: 'OpenHands SDK conversation folder (base_state.json + events/)',
  flavor: 'sdk',
  reads: 'folder',
  locate(input, options) {
    if (input.kind !== 'folder' || !isSdkFolder(input.files)) return null;
    return locateSdkFolder(input.name, input.files, options, input.resolvedIds);
  },
});
