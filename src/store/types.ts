import type { MissingAnswerPolicy, RecordedAnswers, ReplayMode } from '../engine/index.ts';
import type { LogInput } from '../formats/index.ts';
import type { SessionRecord, SessionStore } from '../storage/index.ts';
import type { EngineClient, OpenedLog, PromptText, ReplaySummary, ViewItem } from '../worker/index.ts';

export interface Notice {
  readonly kind: 'error' | 'info';
  readonly text: string;
}

export interface ActiveSession {
  readonly record: SessionRecord;
  readonly opened: OpenedLog;
  /** Per-event token estimates, once counted. */
  readonly tokens: Uint32Array | null;
  readonly answers: RecordedAnswers;
}

export interface LibrarySlice {
  sessions: readonly SessionRecord[];
  /** What is being imported right now, for progress. */
  importing: string | null;
  notice: Notice | null;
  init(): Promise<void>;
  refreshSessions(): Promise<void>;
  importLog(input: LogInput, name: string, sizeBytes: number): Promise<string | null>;
  importSessionFile(text: string): Promise<string | null>;
  renameSession(id: string, name: string): Promise<void>;
  deleteSession(id: string): Promise<void>;
  dismissNotice(): void;
}

export interface SessionSlice {
  active: ActiveSession | null;
  opening: boolean;
  /** Opens a stored session; `opened` skips parsing the log again when the engine holds it already. */
  openSession(id: string, step?: number | null, opened?: OpenedLog): Promise<void>;
  setNotes(notes: string): Promise<void>;
  exportSession(): Promise<{ fileName: string; text: string } | null>;
  recordLogSummaries(): Promise<void>;
}

export interface ReplaySlice {
  /** The configuration being edited (may be invalid while typing). */
  config: unknown;
  configError: string | null;
  mode: ReplayMode;
  onMissing: MissingAnswerPolicy;
  summary: ReplaySummary | null;
  running: boolean;
  step: number;
  stepView: readonly ViewItem[] | null;
  setConfig(config: unknown): void;
  setMode(mode: ReplayMode): void;
  setOnMissing(policy: MissingAnswerPolicy): void;
  setStep(step: number): void;
  rerun(): Promise<void>;
  /** Reads a pasted `[condenser]` section (TOML) or JSON; returns the problem, or null when applied. */
  applyConfigText(text: string): string | null;
  /** The current configuration as a `[condenser]` TOML section. */
  configAsToml(): string;
}

export interface InspectSlice {
  typeFilter: readonly string[];
  sourceFilter: readonly string[];
  search: string;
  searchMatches: Int32Array | null;
  selectedEvent: number | null;
  rawJson: { readonly index: number; readonly text: string } | null;
  selectedCondensation: number | null;
  prompt: PromptText | null;
  setTypeFilter(types: readonly string[]): void;
  setSourceFilter(sources: readonly string[]): void;
  setSearch(query: string): Promise<void>;
  selectEvent(index: number | null): Promise<void>;
  selectCondensation(id: number | null): Promise<void>;
}

export type AppState = LibrarySlice & SessionSlice & ReplaySlice & InspectSlice;

export interface StoreDeps {
  readonly sessions: SessionStore;
  readonly engine: EngineClient;
  /** The bundled sample session file's text, opened on first start. */
  readonly loadSample: () => Promise<string>;
}

export type SetState = (partial: Partial<AppState> | ((state: AppState) => Partial<AppState>)) => void;
export type GetState = () => AppState;
