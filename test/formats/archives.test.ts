import { gzipSync, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { LogFormatError, expandArchives, extractInstance, loadLog, readLog } from '../../src/formats/index.ts';
import { multiInstanceJsonl, sdkConversationEvents, tarGz, uiDownloadZip } from '../helpers/archives.ts';
import { rejected } from '../helpers/thrown.ts';

const CONVERSATION = 'v1_benchmarks_conversation_7a4bfe2d_203ev_3cond';

describe('the OpenHands web UI’s V1 download (zip)', () => {
  it('reads meta.json and the event files in their order, as the SDK conversation they came from', async () => {
    const zip = uiDownloadZip(CONVERSATION, {
      id: 'c0ffee',
      title: 'Fix the parser',
      llm_model: 'litellm_proxy/claude-sonnet-4-5',
    });
    const log = await loadLog({ kind: 'file', file: { path: 'conversation.zip', bytes: zip } });
    expect(log.flavor).toBe('sdk');
    expect(log.shape).toBe('sdk-ui-download');
    expect(log.events.map((e) => e.id)).toEqual(
      sdkConversationEvents(CONVERSATION).map((e) => (e as { id: string }).id),
    );
    expect(log.events.filter((e) => e.kind === 'Condensation')).toHaveLength(3);
    expect(log.notes[0]).toBe('Conversation: Fix the parser, model litellm_proxy/claude-sonnet-4-5.');
    expect(log.notes.join(' ')).toContain('records no condenser');
    expect(log.recordedCondenser).toBeNull();
  });

  it('sorts event files by their number, not their name', async () => {
    const events = sdkConversationEvents(CONVERSATION).slice(0, 12);
    // Numbers past 999999 are wider: a name sort would put 1000000 before 999999.
    const numbers = events.map((_, i) => (i < 6 ? i : 999_994 + i));
    const files = Object.fromEntries(
      events.map((event, i) => [
        `event_${String(numbers[i]).padStart(6, '0')}_${(event as { id: string }).id}.json`,
        strToU8(JSON.stringify(event)),
      ]),
    );
    const log = await loadLog({ kind: 'file', file: { path: 'c.zip', bytes: zipSync(files) } });
    expect(log.events.map((e) => e.id)).toEqual(events.map((e) => (e as { id: string }).id));
  });

  it('refuses a damaged zip with one line naming the file', async () => {
    const zip = uiDownloadZip(CONVERSATION, {});
    const error = await rejected(
      loadLog({ kind: 'file', file: { path: 'cut.zip', bytes: zip.subarray(0, zip.length - 200) } }),
      LogFormatError,
    );
    expect(error.message).toMatch(/^cut\.zip: the zip archive cannot be read/);
    expect(error.message.split('\n')).toHaveLength(1);
  });

  it('is refused by the synchronous reader, which cannot unpack it, with a pointer to loadLog', () => {
    expect(() => readLog({ kind: 'file', file: { path: 'c.zip', bytes: uiDownloadZip(CONVERSATION, {}) } })).toThrow(
      /archive: open it with loadLog/,
    );
  });
});

describe('an eval run’s output.jsonl with many instances', () => {
  it('lists every instance with its events, condensations and resolved flag, from text or bytes', async () => {
    const text = multiInstanceJsonl([true, false, null]);
    for (const file of [
      { path: 'output.jsonl', text },
      { path: 'output.jsonl', bytes: strToU8(text) },
    ]) {
      const log = await loadLog({ kind: 'file', file });
      expect(log.instances).toEqual([
        { id: 'ponylang__ponyc-4595', position: 1, eventCount: 49, condensations: 0, resolved: true },
        { id: 'ponylang__ponyc-4593', position: 2, eventCount: 70, condensations: 0, resolved: false },
        { id: 'ponylang__ponyc-4588', position: 3, eventCount: 103, condensations: 0, resolved: null },
      ]);
      expect(log.instanceId).toBe('ponylang__ponyc-4595');
    }
  });

  it('counts the condensations each instance recorded', () => {
    const history = (n: number) => [
      { id: 0, source: 'user', action: 'message', args: { content: 't' } },
      ...Array.from({ length: n }, (_, k) => ({
        id: k + 1,
        source: 'agent',
        action: 'condensation',
        args: { forgotten_event_ids: [], summary: null },
      })),
    ];
    const text = [0, 2].map((n, i) => JSON.stringify({ instance_id: `i${i}`, history: history(n) })).join('\n');
    expect(readLog({ kind: 'file', file: { path: 'o.jsonl', text } }).instances.map((i) => i.condensations)).toEqual([
      0, 2,
    ]);
  });

  it('takes out one instance as a one-line log (what a session stores)', async () => {
    const input = {
      kind: 'file',
      file: { path: 'output.jsonl', bytes: strToU8(multiInstanceJsonl([true, false, null])) },
    } as const;
    const one = extractInstance(input, 'ponylang__ponyc-4588', 3);
    expect(one.kind === 'file' && one.file.text?.split('\n').filter(Boolean)).toHaveLength(1);
    const log = await loadLog(one);
    expect(log.instances).toHaveLength(1);
    expect(log.instanceId).toBe('ponylang__ponyc-4588');
    expect(log.events).toHaveLength(103);
  });
});

describe('a tar.gz of an eval run’s outputs', () => {
  it('reads output.jsonl inside it, with SWE-bench’s report.json telling which instances were resolved', async () => {
    const archive = await tarGz({
      'run/metadata.json': '{"agent_class": "CodeActAgent"}',
      'run/output.jsonl': multiInstanceJsonl([null, null, null]),
      'run/report.json': JSON.stringify({ resolved_ids: ['ponylang__ponyc-4593'] }),
      'run/logs/instance.log': 'not kept',
    });
    const log = await loadLog(
      { kind: 'file', file: { path: 'run.tar.gz', bytes: archive } },
      { instance: 'ponylang__ponyc-4593' },
    );
    expect(log.instances.map((i) => [i.id, i.resolved])).toEqual([
      ['ponylang__ponyc-4595', false],
      ['ponylang__ponyc-4593', true],
      ['ponylang__ponyc-4588', false],
    ]);
    expect(log.events).toHaveLength(70);
    expect(log.notes[0]).toBe('Read from run/output.jsonl.');
  });

  it('reads conversation folders (each gzipped by the benchmarks harness) as instances', async () => {
    const conversation = async (folder: string) => {
      const events = sdkConversationEvents(folder);
      const files = Object.fromEntries(
        events.map((event, i) => [
          `events/event-${String(i).padStart(5, '0')}-${(event as { id: string }).id}.json`,
          JSON.stringify(event),
        ]),
      );
      return tarGz(files);
    };
    const archive = await tarGz({
      'conversations/django-1.tar.gz': await conversation('v1_benchmarks_conversation_0cf772fb_115ev_1cond'),
      'conversations/django-2.tar.gz': await conversation(CONVERSATION),
    });
    const input = { kind: 'file', file: { path: 'outputs.tgz', bytes: archive } } as const;
    const log = await loadLog(input, { instance: 'django-2' });
    expect(log.instances.map((i) => [i.id, i.eventCount, i.condensations])).toEqual([
      ['django-1', 115, 1],
      ['django-2', 203, 3],
    ]);
    expect(log.events).toHaveLength(203);
    const one = extractInstance(await expandArchives(input), 'django-1', 1);
    expect(one.kind === 'folder' && one.files.every((f) => f.path.startsWith('events/'))).toBe(true);
    expect((await loadLog(one)).events).toHaveLength(115);
  });

  it('unpacks a lone gzipped JSONL to the file inside it', async () => {
    const log = await loadLog({
      kind: 'file',
      file: { path: 'output.jsonl.gz', bytes: gzipSync(strToU8(multiInstanceJsonl([null, null, null]))) },
    });
    expect(log.instances).toHaveLength(3);
  });

  it('refuses an archive holding no logs, and a truncated one', async () => {
    const empty = await tarGz({ 'README.md': 'nothing' });
    expect(
      (await rejected(loadLog({ kind: 'file', file: { path: 'x.tar.gz', bytes: empty } }), LogFormatError)).message,
    ).toBe('x.tar.gz: the archive holds no JSON or JSONL files');
    const cut = (await tarGz({ 'a.json': '[]'.repeat(5000) })).subarray(0, 40);
    expect(
      (await rejected(loadLog({ kind: 'file', file: { path: 'cut.tgz', bytes: cut } }), LogFormatError)).message,
    ).toMatch(/^cut\.tgz: .*is the download complete\?\)?$/);
  });
});
