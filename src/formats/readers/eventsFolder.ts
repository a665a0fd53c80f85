import { LogFormatError, parseJson } from '../errors.ts';
import { located } from '../located.ts';
import { fileText } from '../logFile.ts';
import { isRecord } from '../types.ts';
import { defineReader } from './types.ts';

const EVENT_FILE = /(?:^|\/)(\d+)\.json$/;

/** A V0 session folder: `events/0.json, events/1.json, ...` (and the conversation's metadata.json). */
export const eventsFolderReader = defineReader({
  shape: 'v0-events-folder',
  label: 'OpenHands session folder (events/<id>.json)',
  flavor: 'v0',
  reads: 'folder',
  locate(input) {
    if (input.kind !== 'folder') return null;
    const { name, files } = input;
    const eventFiles = files
      .filter((file) => EVENT_FILE.test(file.path) && !file.path.includes('event_cache/'))
      .map((file) => ({ file, number: Number(EVENT_FILE.exec(file.path)![1]) }))
      .sort((a, b) => a.number - b.number);
    if (eventFiles.length === 0) {
      throw new LogFormatError(
        name,
        'no event files found (expected events/0.json, events/1.json, ..., SDK events/event-00000-<id>.json, or an output.jsonl)',
      );
    }
    const items = eventFiles.map(({ file }) => parseJson(fileText(file), file.path));
    const metadataFile = files.find((file) => /(?:^|\/)metadata\.json$/.test(file.path));
    const notes: string[] = [];
    if (metadataFile) {
      const metadata = parseJson(fileText(metadataFile), metadataFile.path);
      if (isRecord(metadata) && typeof metadata.title === 'string') notes.push(`Conversation: ${metadata.title}`);
    }
    return located('v0-events-folder', items, (i) => eventFiles[i]!.file.path, { notes });
  },
});
