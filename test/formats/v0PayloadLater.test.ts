import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LogFormatError, readV0Log } from '../../src/formats/index.ts';
import { parseJsonBytes } from '../../src/formats/jsonBytes.ts';
import {
  CONTENT_LATER_CHARS,
  MEMBER_LATER_CHARS,
  readContentLater,
  v0PayloadLater,
} from '../../src/formats/v0PayloadLater.ts';
import { thrown } from '../helpers/thrown.ts';

const LONG = `${'x'.repeat(CONTENT_LATER_CHARS)} é ✓`;
const SHOT = `data:image/png;base64,${'A'.repeat(MEMBER_LATER_CHARS)}`;
const EVENTS = [
  { id: 0, source: 'agent', action: 'run', args: { command: 'ls', thought: LONG } },
  {
    id: 1,
    source: 'environment',
    observation: 'run',
    content: LONG,
    extras: { command: 'ls', metadata: { exit_code: 0 } },
    cause: 0,
  },
  {
    id: 2,
    source: 'environment',
    observation: 'browse',
    content: 'short',
    extras: { url: 'https://example.com', screenshot: SHOT, hidden: true },
  },
  { id: 3, source: 'environment', observation: 'run', content: 'short', extras: { command: 'ls' } },
];
const TEXT = JSON.stringify(EVENTS);
const BROWSE = EVENTS[2] as { content: string; extras: Record<string, unknown> };
const bytes = (text: string) => new TextEncoder().encode(text);

function lightItems(): Array<Record<string, unknown>> {
  return parseJsonBytes(bytes(TEXT), 'log.json', { element: v0PayloadLater }) as Array<Record<string, unknown>>;
}

const isReadLater = (record: object, key: string) => Object.getOwnPropertyDescriptor(record, key)?.get !== undefined;

describe('V0 observations kept light', () => {
  it('reads a long content and the big members of extras from the bytes, and reads like the file', () => {
    const items = lightItems();
    // Each item still reads as the file has it, member for member and in order.
    expect(items.map((item) => JSON.stringify(item))).toEqual(EVENTS.map((event) => JSON.stringify(event)));
    expect(isReadLater(items[1]!, 'content')).toBe(true);
    expect(readContentLater(items[1]!)!()).toBe(LONG);
    const extras = items[2]!.extras as Record<string, unknown>;
    expect(isReadLater(items[2]!, 'content')).toBe(false);
    expect(isReadLater(extras, 'screenshot')).toBe(true);
    // Small members are held: a replay reads the URL of every browsing observation it masks.
    expect(isReadLater(extras, 'url')).toBe(false);
    expect(extras.screenshot).toBe(SHOT);
  });

  it('lets the parsed extras go: its readers hold the list and the index only', async () => {
    // A full collection on demand (a fresh context gets the flag's `gc`).
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const list: Parameters<typeof v0PayloadLater>[2] = {
      parseMember: (_, path) => (path[0] === 'extras' ? BROWSE.extras[path[1]!] : undefined),
    };
    const kept = (() => {
      const parsed = JSON.parse(JSON.stringify(EVENTS[2])) as { extras: object };
      return {
        light: v0PayloadLater(parsed, 2, list) as { extras: Record<string, unknown> },
        extras: new WeakRef(parsed.extras),
      };
    })();
    await new Promise((resolve) => setTimeout(resolve, 0));
    collect();
    // Before, a closure over the parsed extras shared its context with the readers and kept it (a 1 GB
    // log's screenshots and tool outputs, parsed once, stayed in memory beside their bytes).
    expect(kept.extras.deref()).toBeUndefined();
    expect(kept.light.extras.screenshot).toBe(SHOT);
  });

  it('reads each member alone: a browsing page’s content without its screenshot', () => {
    const page = { ...BROWSE, content: LONG };
    const asked: string[][] = [];
    const list: Parameters<typeof v0PayloadLater>[2] = {
      parseMember: (_, path) => {
        asked.push([...path]);
        return path[0] === 'content' ? page.content : page.extras[path[1]!];
      },
    };
    const light = v0PayloadLater(JSON.parse(JSON.stringify(page)), 2, list) as typeof page;
    expect(readContentLater(light)!()).toBe(LONG);
    expect(asked).toEqual([['content']]);
    expect(light.extras.screenshot).toBe(SHOT);
    expect(asked).toEqual([['content'], ['extras', 'screenshot']]);
  });

  it('leaves actions and small observations as parsed', () => {
    const items = lightItems();
    for (const index of [0, 3]) {
      expect(readContentLater(items[index]!)).toBeUndefined();
      expect(Object.values(Object.getOwnPropertyDescriptors(items[index]!)).some((d) => d.get)).toBe(false);
    }
  });

  it('gives the engine the same events from bytes as from text', () => {
    const fromText = readV0Log({ kind: 'file', file: { path: 'log.json', text: TEXT } }).events;
    const fromBytes = readV0Log({ kind: 'file', file: { path: 'log.json', bytes: bytes(TEXT) } }).events;
    const fields = (event: (typeof fromText)[number]) => ({
      id: event.id,
      kind: event.kind,
      type: event.type,
      hidden: event.hidden,
      ...(event.kind === 'observation'
        ? { content: event.content, extras: { ...event.extras } }
        : { args: event.args }),
    });
    expect(fromBytes.map(fields)).toEqual(fromText.map(fields));
    expect(fromBytes[2]!.hidden).toBe(true);
  });

  it('refuses a bad content the same way from bytes as from text, naming where', () => {
    const bad = JSON.stringify([EVENTS[0], { ...EVENTS[1], content: 12 }]);
    const fromText = thrown(() => readV0Log({ kind: 'file', file: { path: 'log.json', text: bad } }), LogFormatError);
    const fromBytes = thrown(
      () => readV0Log({ kind: 'file', file: { path: 'log.json', bytes: bytes(bad) } }),
      LogFormatError,
    );
    expect(fromBytes.message).toBe(fromText.message);
    expect(fromBytes.message).toContain('[1].content');
  });
});
