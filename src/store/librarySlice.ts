import {
  type ImportInput,
  type LogFile,
  fileHead,
  fileSize,
  fileText,
  isSessionFileText,
  isSweepResultText,
  parseSessionFile,
  readUnreadFile,
  unreadFileHead,
  withoutSecrets,
} from '../formats/index.ts';
import type { SessionChange, SessionRecord, StagedLog } from '../storage/index.ts';
import type { InferredConfig, OpenedLog, Progress } from '../worker/index.ts';
import { errorText } from './errorText.ts';
import type { GetState, LibrarySlice, Notice, SetState, StoreDeps } from './types.ts';
import { keptWrite } from './keptWrite.ts';
import { markShown } from './shownMarks.ts';

/** The engine's status reports (reading a log, counting tokens...) as sentences for the page. */
export function statusReport(show: (message: string) => void): (progress: Progress) => void {
  return (progress) => {
    if (progress.kind === 'status') show(progress.message);
  };
}

/** A message for the user: engine and format errors carry their own plain sentence. */

export function createLibrarySlice(set: SetState, get: GetState, deps: StoreDeps): LibrarySlice {
  // Starting twice (React's strict mode mounts twice) must not import the sample twice.
  let starting: Promise<void> | null = null;
  let unsubscribe: (() => void) | null = null;
  const start = async () => {
    unsubscribe ??= deps.changes?.subscribe((change) => void otherTabChanged(change, set, get, deps)) ?? null;
    await Promise.all([get().loadLlmSettings(), get().loadPrices()]);
    await get().refreshSessions();
    if (get().sessions.length === 0) {
      try {
        await get().importSessionFile(await deps.loadSample());
      } catch (error) {
        set({ notice: { kind: 'error', text: `The sample session could not be loaded: ${errorText(error)}` } });
      }
    }
    // Only space is at stake: cleared once the app is up, not on its way there.
    void dropStrayChunks(deps);
  };
  const reportImport = statusReport((message) => set({ importStatus: message }));
  /** Aborts the engine's part of the import under way (unpacking, reading). */
  let importing: AbortController | null = null;
  /** Stores a log the engine has opened, as a new session, and shows it. */
  const createSession = async (
    input: ImportInput,
    name: string,
    sizeBytes: number,
    opened: OpenedLog,
    staged: StagedLog | undefined,
    claim: number,
  ) => {
    // Re-simulation starts from what reproduces the log's own condensations, so a difference is the setting's.
    const inferred =
      opened.recordedCondensations > 0
        ? await deps.engine
            .call('inferConfig', { ...(opened.sdkRules ? { sdkRules: opened.sdkRules } : {}) })
            .catch(() => null)
        : null;
    set({ importStatus: 'Saving it in this browser' });
    const record = await deps.sessions.create(
      {
        name: opened.instanceId ? `${name} · ${opened.instanceId}` : name,
        source: { name, shape: opened.shape, eventCount: opened.rows.length, sizeBytes, instance: opened.instanceId },
        config: withoutSecrets(inferred && inferred.reproduces > 0 ? inferred.config : opened.suggestedConfig),
        sdkRules: opened.sdkRules ?? undefined,
        // The recorded truth first: a log that condensed opens as the agent saw it.
        mode: opened.recordedCondensations > 0 ? 'recorded' : 'resimulate',
        notes: '',
        prompts: {},
        lastStep: null,
      },
      input,
      {},
      staged,
    );
    await get().refreshSessions();
    set({ importStatus: 'Replaying' });
    await get().openSession(record.id, null, opened, claim);
    // A big picked file is read where it is: from now on from its stored copy, which stays when the
    // file is moved or rewritten (a running agent's log grows).
    if (input.kind === 'unread') await readFromStoredCopy(record.id, get, deps);
    const told = [...opened.notes, ...(inferred ? [inferredNote(inferred)] : [])];
    if (told.length) set({ notice: { kind: 'info', text: told.join(' ') } });
    await get().finishPendingJump();
    return record.id;
  };
  return {
    sessions: [],
    importing: null,
    importStatus: null,
    notice: null,
    instancePicker: null,
    engineHolds: null,
    engineClaim: 0,

    releaseEngine() {
      set({ engineHolds: null });
      get().cancelUsage();
    },

    claimEngine() {
      const claim = get().engineClaim + 1;
      set({ engineClaim: claim });
      return claim;
    },

    init() {
      starting ??= start().finally(() => {
        starting = null;
      });
      return starting;
    },

    async refreshSessions() {
      set({ sessions: await deps.sessions.list() });
    },

    cancelImport() {
      importing?.abort();
    },

    async importLog(input: ImportInput, name: string, sizeBytes: number) {
      // Only the head of an unread file is read here: a log's bytes are read by the engine's worker.
      const single = input.kind === 'folder' ? null : input;
      const head = single && (single.kind === 'unread' ? await unreadFileHead(single) : single.file);
      if (single && head && isSessionFileText(fileHead(head))) {
        const file = await wholeFile(single);
        return get().importSessionFile(file.bytes ?? file.text);
      }
      if (single && head && isSweepResultText(fileHead(head))) {
        const file = await wholeFile(single);
        get().openSweep(fileText(file), file.path);
        return null;
      }
      set({ importing: name, notice: null, instancePicker: null });
      // The log's bytes are written while the engine reads them; they belong to no session until the
      // file is found good (a bad file's are removed, and a session never shows half a log). Not for
      // eval outputs, which mostly hold many instances, of which only the one picked is kept.
      let staged: StagedLog | undefined = mostlyManyInstances(input) ? undefined : deps.sessions.stageLog(input);
      const controller = new AbortController();
      importing = controller;
      const claim = get().claimEngine();
      try {
        get().releaseEngine();
        const imported = await deps.engine.call(
          'importLog',
          { input },
          { progress: reportImport, signal: controller.signal },
        );
        // A cancel that came after the unpacking still counts: nothing of this import is kept.
        if (controller.signal.aborted) throw new Error('cancelled');
        if (imported.kind === 'instances') {
          // Only the instance picked is kept.
          if (staged) void deps.sessions.discard(staged);
          staged = undefined;
          // An eval run: the user picks the instance (a sweep row waiting for it picks itself); only that
          // one is stored. The engine only listed it: the open session's log is still there.
          const active = get().active;
          if (active) {
            set({ engineHolds: active.record.id });
            void get().refreshUsage();
            // A step moved meanwhile moved alone (the engine held the listing): its view is asked for now.
            get().setStep(get().stepAsked);
          }
          set({ instancePicker: { name, sizeBytes, shapeLabel: imported.shapeLabel, instances: imported.instances } });
          const wanted = get().pendingJump?.row.instance;
          if (wanted && imported.instances.some((instance) => instance.id === wanted))
            return await get().pickInstance(wanted);
          return null;
        }
        const { opened } = imported;
        const id = await createSession(input, name, sizeBytes, opened, staged, claim);
        staged = undefined;
        return id;
      } catch (error) {
        if (staged) void deps.sessions.discard(staged);
        const cancelled = controller.signal.aborted;
        set({
          notice: cancelled
            ? { kind: 'info', text: `${name} was not imported: you cancelled it.` }
            : { kind: 'error', text: `${name} was not imported: ${errorText(error)}` },
        });
        await reopenActive(get);
        return null;
      } finally {
        if (importing === controller) importing = null;
        set({ importing: null, importStatus: null });
        markShown('import');
      }
    },

    async pickInstance(instance: string) {
      const picker = get().instancePicker;
      if (!picker) return null;
      set({ importing: `${picker.name} · ${instance}`, instancePicker: null, notice: null });
      try {
        const input = await deps.engine.call('instanceInput', { instance });
        const claim = get().claimEngine();
        get().releaseEngine();
        const opened = await deps.engine.call('open', { input, instance });
        return await createSession(input, picker.name, picker.sizeBytes, opened, undefined, claim);
      } catch (error) {
        set({
          notice: {
            kind: 'error',
            text: `Instance ${instance} of ${picker.name} was not imported: ${errorText(error)}`,
          },
        });
        await reopenActive(get);
        return null;
      } finally {
        set({ importing: null, importStatus: null });
      }
    },

    cancelInstancePicker() {
      if (!get().instancePicker) return;
      set({ instancePicker: null });
      void deps.engine.call('dropSurvey', {});
    },

    async importSessionFile(source: string | Uint8Array) {
      set({ importing: 'session file', notice: null });
      try {
        const file = parseSessionFile(source);
        const claim = get().claimEngine();
        get().releaseEngine();
        const sourceName = file.log.kind === 'file' ? file.log.file.path : file.log.name;
        const size =
          file.log.kind === 'file' ? fileSize(file.log.file) : file.log.files.reduce((sum, f) => sum + fileSize(f), 0);
        const opened = await deps.engine.call(
          'open',
          { input: file.log, instance: file.session.instance },
          { progress: reportImport },
        );
        const record: SessionRecord = await deps.sessions.create(
          {
            name: copyName(file.session.name, get().sessions),
            source: {
              name: sourceName,
              shape: opened.shape,
              eventCount: opened.rows.length,
              sizeBytes: size,
              instance: opened.instanceId,
            },
            config: withoutSecrets(file.session.config),
            sdkRules: file.session.sdkRules,
            mode: file.session.mode,
            notes: file.session.notes,
            prompts: file.session.prompts,
            lastStep: file.session.step,
            ...(file.session.agent
              ? { agent: { profile: file.session.agent.profile, templates: { ...file.session.agent.templates } } }
              : {}),
            ...(file.session.compare ? { compareConfig: withoutSecrets(file.session.compare.config) } : {}),
            ...(file.session.prices ? { prices: { ...file.session.prices } } : {}),
          },
          file.log,
          file.answers,
        );
        await get().refreshSessions();
        await get().openSession(record.id, file.session.step, opened, claim);
        return record.id;
      } catch (error) {
        set({ notice: { kind: 'error', text: `The session file was not imported: ${errorText(error)}` } });
        await reopenActive(get);
        return null;
      } finally {
        set({ importing: null, importStatus: null });
      }
    },

    async renameSession(id, name) {
      const trimmed = name.trim();
      if (!trimmed) return;
      if (!(await keptWrite(set, 'The new name was not saved', () => deps.sessions.update(id, { name: trimmed }))))
        return;
      await get().refreshSessions();
      const active = get().active;
      if (active?.record.id === id) set({ active: { ...active, record: { ...active.record, name: trimmed } } });
    },

    async deleteSession(id) {
      await deps.sessions.remove(id);
      await get().refreshSessions();
      if (get().active?.record.id === id) await closeDeletedSession(set, get);
    },

    showNotice(notice) {
      set({ notice });
    },

    dismissNotice() {
      set({ notice: null });
    },

    reportProblem(text) {
      set({ notice: { kind: 'error', text } });
    },
  };
}

/** The open session was deleted (here or in another tab): nothing of it stays shown, and the first other one opens. */
async function closeDeletedSession(set: SetState, get: GetState, notice?: Notice): Promise<void> {
  set({
    active: null,
    summary: null,
    stepView: null,
    step: 0,
    stepAsked: 0,
    rawJson: null,
    prompt: null,
    ...(notice ? { notice } : {}),
  });
  const next = get().sessions[0];
  if (next) await get().openSession(next.id);
}

/**
 * Another tab changed a session: the list is read again; the open session, if it was deleted there,
 * closes here; if it was changed there, it is read back (nothing of this tab's older copy is written).
 */
async function otherTabChanged(change: SessionChange, set: SetState, get: GetState, deps: StoreDeps): Promise<void> {
  await get().refreshSessions();
  const active = get().active;
  if (!active || active.record.id !== change.id) return;
  if (change.kind === 'deleted') {
    await closeDeletedSession(set, get, {
      kind: 'info',
      text: `“${active.record.name}” was deleted in another tab.`,
    });
    return;
  }
  const [record, answers] = await Promise.all([deps.sessions.get(change.id), deps.sessions.answers(change.id)]);
  if (!record || get().active?.record.id !== change.id) return;
  const current = get().active!;
  // A configuration this tab changed and has not stored yet stays, with the base it was made from:
  // its write then merges with the other tab's instead of overwriting it (configEdits.ts).
  const editing =
    JSON.stringify(get().config) !== JSON.stringify(current.record.config) ||
    get().configConflict?.sessionId === change.id;
  const kept = editing
    ? {
        ...record,
        config: current.record.config,
        revisions: { ...record.revisions, config: current.record.revisions?.config ?? 0 },
      }
    : record;
  set({
    active: { ...current, record: kept, answers },
    ...(editing ? {} : { config: record.config }),
    mode: record.mode,
    notice: {
      kind: 'info',
      text: `“${record.name}” was changed in another tab; this tab now shows what that tab saved.`,
    },
  });
  await get().rerun();
}

/** Eval outputs (JSONL, tar archives): usually many instances, listed for a pick rather than kept whole. */
/** A single file's whole content, read on the page if unread: session files and sweep results are opened there. */
async function wholeFile(input: Exclude<ImportInput, { kind: 'folder' }>): Promise<LogFile> {
  return input.kind === 'unread' ? readUnreadFile(input) : input.file;
}

function mostlyManyInstances(input: ImportInput): boolean {
  const path = input.kind === 'file' ? input.file.path : input.kind === 'unread' ? input.path : null;
  return path !== null && /\.(jsonl|tar\.gz|tgz|tar)$/i.test(path);
}

/** Logs an import staged but never finished (the tab was closed meanwhile) take space: they are removed. */
async function dropStrayChunks(deps: StoreDeps): Promise<void> {
  try {
    await deps.sessions.dropStrayChunks();
  } catch {
    // Only space is lost; the next start tries again.
  }
}

/**
 * The engine reads a big picked file where it is: from its stored copy once the session is stored
 * (nothing is read here: the copy is handed over as Blobs; a log the engine holds ignores it).
 */
async function readFromStoredCopy(id: string, get: GetState, deps: StoreDeps): Promise<void> {
  try {
    const copy = await deps.sessions.storedCopy(id);
    if (copy && get().engineHolds === id) await deps.engine.call('readLogFrom', { input: copy });
  } catch {
    // The picked file is still read: only a file changed later would be missed.
  }
}

/** A failed import may have replaced the worker's log: put the active session's back. */
async function reopenActive(get: GetState): Promise<void> {
  const active = get().active;
  if (active) await get().openSession(active.record.id, get().step);
}

/** A file imported again, or another with a name the list has, comes in as "name (copy 2)": never two of one name. */
export function copyName(name: string, sessions: ReadonlyArray<{ readonly name: string }>): string {
  const taken = new Set(sessions.map((session) => session.name));
  if (!taken.has(name)) return name;
  let copy = 2;
  while (taken.has(`${name} (copy ${copy})`)) copy++;
  return `${name} (copy ${copy})`;
}

/** What the session's starting configuration is, and how much of the log it reproduces. */
export function inferredNote(inferred: InferredConfig): string {
  const of = `${inferred.reproduces} of the log's ${inferred.recordedCondensations} recorded condensations`;
  if (inferred.reproduces === 0)
    return `No configuration tried reproduces the log's recorded condensations; re-simulation starts from ${inferred.source === 'recorded' ? 'the one it records' : 'the default'}.`;
  const source =
    inferred.source === 'recorded' ? 'the configuration the log records' : 'a configuration read off its condensations';
  return `Re-simulation starts from ${source}, which reproduces ${of} with the log's own summaries.`;
}
