import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseSessionFile } from '../../src/formats/index.ts';
import { multiInstanceJsonl, uiDownloadZip } from '../helpers/archives.ts';
import { startedStore } from '../helpers/appStore.ts';

const evalRun = () =>
  ({ kind: 'file', file: { path: 'output.jsonl', bytes: strToU8(multiInstanceJsonl([true, false, null])) } }) as const;

describe('importing an eval run of several instances', () => {
  it('waits for the user to pick an instance, then stores only that one', async () => {
    const { store, sessions } = await startedStore();
    const before = store.getState().active!.record.id;
    expect(await store.getState().importLog(evalRun(), 'output', 690_202)).toBeNull();
    const picker = store.getState().instancePicker!;
    expect(picker.instances.map((i) => [i.id, i.eventCount, i.resolved])).toEqual([
      ['ponylang__ponyc-4595', 49, true],
      ['ponylang__ponyc-4593', 70, false],
      ['ponylang__ponyc-4588', 103, null],
    ]);
    expect(store.getState().sessions).toHaveLength(1);

    const id = await store.getState().pickInstance('ponylang__ponyc-4588');
    const { active, instancePicker } = store.getState();
    expect(instancePicker).toBeNull();
    expect(active!.record.id).toBe(id);
    expect(active!.record.id).not.toBe(before);
    expect(active!.record.name).toBe('output · ponylang__ponyc-4588');
    expect(active!.record.source).toMatchObject({
      instance: 'ponylang__ponyc-4588',
      eventCount: 103,
      shape: 'v0-eval-jsonl',
    });
    const stored = await sessions.log(id!);
    expect(stored?.kind === 'file' && stored.file.text?.trim().split('\n')).toHaveLength(1);

    // The reproduction file carries that one instance and opens it again.
    const exported = await store.getState().exportSession();
    const file = parseSessionFile(exported!.parts.join(''));
    expect(file.session.instance).toBe('ponylang__ponyc-4588');
    expect(await store.getState().importSessionFile(exported!.parts.join(''))).not.toBeNull();
    expect(store.getState().active!.opened.rows).toHaveLength(103);
  });

  it('keeps the open session working while the picker waits, and after it is cancelled', async () => {
    const { store } = await startedStore();
    const before = store.getState().active!.record.id;
    await store.getState().importLog(evalRun(), 'output', 1);
    // The engine only listed the run: the session's steps, views and usage still come from its own log.
    store.getState().setStep(40);
    await expect
      .poll(() => store.getState().stepView?.items.length)
      .toBe(store.getState().summary!.steps[40]!.viewLength);
    // The whole run's usage, estimated in the background (seconds on a loaded machine, as settledStore allows).
    await expect.poll(() => store.getState().usage?.steps.length, { timeout: 12_000 }).toBe(84);
    store.getState().cancelInstancePicker();
    expect(store.getState().instancePicker).toBeNull();
    expect(store.getState().active!.record.id).toBe(before);
    expect(store.getState().notice?.kind).not.toBe('error');
  });

  it('stores a web UI download as its zip, which a reproduction file carries in base64', async () => {
    const { store, sessions } = await startedStore();
    const zip = uiDownloadZip('v1_benchmarks_conversation_0cf772fb_115ev_1cond', { title: 'bench' });
    const id = await store
      .getState()
      .importLog({ kind: 'file', file: { path: 'bench.zip', bytes: zip } }, 'bench', zip.length);
    expect(store.getState().active!.opened.shape).toBe('sdk-ui-download');
    const stored = await sessions.log(id!);
    expect(stored?.kind === 'file' && stored.file.bytes?.length).toBe(zip.length);
    const exported = await store.getState().exportSession();
    expect(exported!.parts.join('')).toContain('"base64":"');
    await store.getState().importSessionFile(exported!.parts.join(''));
    expect(store.getState().active!.opened.rows).toHaveLength(115);
  });
});
