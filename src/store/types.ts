import type {
  AgentProfile,
  MissingAnswerPolicy,
  ModelPrices,
  PresetOptions,
  RecordedAnswers,
  ReplayMode,
  sdk,
} from '../engine/index.ts';
import type { EvalInstance, ImportInput, SweepConfig, SweepResult, SweepRow } from '../formats/index.ts';
import type { Counterfactual } from '../inspect/index.ts';
import type { EstimateError } from './usageSelectors.ts';
import type {
  LlmSettings,
  PriceOverrides,
  SessionChanges,
  SessionRecord,
  SessionStore,
  SettingsStore,
} from '../storage/index.ts';
import type {
  AgentTranscript,
  EngineClient,
  EventId,
  EventLanes,
  EventLife,
  FactOrigin,
  LlmUse,
  OpenedLog,
  PromptText,
  QualityReport,
  ReplaySummary,
  StepViewsDiff,
  UsageReport,
  ViewItem,
  ViewsDiff,
} from '../worker/index.ts';

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

export interface InstancePicker {
  readonly name: string;
  readonly sizeBytes: number;
  readonly shapeLabel: string;
  readonly instances: readonly EvalInstance[];
}

export interface LibrarySlice {
  sessions: readonly SessionRecord[];
  /** What is being imported right now, for progress. */
  importing: string | null;
  /** Where the import stands ("Reading events: 45% of 1.0 GB"), for a big log that takes a while. */
  importStatus: string | null;
  notice: Notice | null;
  /** A log of several instances (an eval run) waiting for the user to pick one. */
  instancePicker: InstancePicker | null;
  /** The session whose log the engine holds (null while another log is being opened or imported). */
  engineHolds: string | null;
  /** Call before asking the engine to open another log: the open session's requests stop. */
  releaseEngine(): void;
  /**
   * Counts the opens and imports that give the engine another log: the latest one wins, and an open
   * overtaken by a later one (the user clicked on, or imported a file meanwhile) stops where it is.
   */
  engineClaim: number;
  /** Starts an open or import: its claim, current until the next one starts. */
  claimEngine(): number;
  init(): Promise<void>;
  refreshSessions(): Promise<void>;
  importLog(input: ImportInput, name: string, sizeBytes: number): Promise<string | null>;
  /** Stops the import under way (unpacking an archive, reading a log): nothing of it is kept. */
  cancelImport(): void;
  /** A reproduction file's text, or its bytes (a long one cannot be one string). */
  importSessionFile(source: string | Uint8Array): Promise<string | null>;
  /** Imports one instance of the log waiting in the picker (only that instance is stored). */
  pickInstance(instance: string): Promise<string | null>;
  cancelInstancePicker(): void;
  renameSession(id: string, name: string): Promise<void>;
  deleteSession(id: string): Promise<void>;
  showNotice(notice: Notice): void;
  dismissNotice(): void;
  /** Shows a problem found before the store was reached (a file too large to read...). */
  reportProblem(text: string): void;
}

export interface SessionSlice {
  active: ActiveSession | null;
  opening: boolean;
  /** Where opening a stored session stands ("Reading events: 45% of 1.0 GB"): a big log takes a while. */
  openingStatus: string | null;
  /**
   * Opens a stored session; `opened` skips parsing the log again when the engine holds it already (an
   * import, under the `claim` it started with: if another open started since, this one stops).
   */
  openSession(id: string, step?: number | null, opened?: OpenedLog, claim?: number): Promise<void>;
  /** Notes another tab changed while this tab edited them, on the same lines: both offered, nothing written until the user picks. */
  notesConflict: {
    readonly sessionId: string;
    readonly mine: string;
    readonly theirs: string;
    readonly revision: number;
  } | null;
  /**
   * Saves notes edited from `base` (default: the notes as this tab last read them); merges them with
   * another tab's edit made meanwhile. Gives what is stored now, or null (a conflict to resolve, or
   * storage refused).
   */
  setNotes(
    notes: string,
    base?: { readonly text: string; readonly revision: number },
  ): Promise<{ readonly text: string; readonly revision: number } | null>;
  /** Keeps this tab's notes, the other tab's, or both (theirs, then mine). */
  resolveNotesConflict(
    choice: 'mine' | 'theirs' | 'both',
  ): Promise<{ readonly text: string; readonly revision: number } | null>;
  /** The reproduction file in pieces of text to join (a long log never becomes one string). */
  exportSession(): Promise<{ fileName: string; parts: readonly string[] } | null>;
  recordLogSummaries(): Promise<void>;
}

export interface ReplaySlice {
  /** The configuration being edited (may be invalid while typing). */
  config: unknown;
  /** The configuration the shown replay ran with (the last valid one). */
  appliedConfig: unknown;
  /** Earlier configurations, newest last, for undo. */
  configHistory: readonly unknown[];
  undoConfig(): void;
  configError: string | null;
  /**
   * Settings this tab and another changed differently at once: both kept (this tab shows its own, the
   * other's is stored), nothing written until the user picks.
   */
  configConflict: {
    readonly sessionId: string;
    readonly mine: unknown;
    readonly theirs: unknown;
    readonly settings: readonly string[];
    readonly revision: number;
  } | null;
  resolveConfigConflict(choice: 'mine' | 'theirs'): Promise<void>;
  mode: ReplayMode;
  onMissing: MissingAnswerPolicy;
  summary: ReplaySummary | null;
  running: boolean;
  /**
   * The step the page shows. It follows `stepAsked` together with that step's view and messages, once
   * the engine has answered: the page then draws a step change once, not once dimmed and again with
   * the new panes. If the engine is slow to answer (STEP_ALONE_AFTER_MS), the step moves alone first.
   */
  step: number;
  /** The step last asked for (keys, slider, links): what a move of one step starts from. */
  stepAsked: number;
  /**
   * A step's view, with the step it is of: after a slow answer `step` has moved without it, and a
   * pane drawn from the view draws it with its own step.
   */
  stepView: StepView | null;
  setConfig(config: unknown): void;
  setMode(mode: ReplayMode): void;
  setOnMissing(policy: MissingAnswerPolicy): void;
  /** Agent SDK logs: replay under another SDK version's rules. */
  setSdkRules(rules: sdk.SdkRules): Promise<void>;
  setStep(step: number): void;
  /**
   * Moves the step from the step last asked for (`to` of it; undefined stays): keys and buttons pressed
   * faster than the engine answers each move on.
   */
  moveStep(to: (from: number) => number | undefined): void;
  rerun(): Promise<void>;
  /** Replays with one of OpenHands' configurations (see engine/presets.ts); SDK presets switch to the pinned SDK's rules. */
  applyPreset(id: string, options?: PresetOptions): Promise<void>;
  /** Reads a pasted `[condenser]` section (TOML) or JSON (an SDK condenser object for SDK logs); returns the problem, or null when applied. */
  applyConfigText(text: string): string | null;
  /** The current configuration as text to paste back: TOML for OpenHands, JSON for the SDK. */
  configAsText(): { readonly text: string; readonly format: 'toml' | 'json' };
}

export interface InspectSlice {
  typeFilter: readonly string[];
  sourceFilter: readonly string[];
  search: string;
  searchMatches: Int32Array | null;
  selectedEvent: number | null;
  rawJson: { readonly index: number; readonly text: string; readonly rendered: string | null } | null;
  selectedCondensation: EventId | null;
  prompt: PromptText | null;
  /** The selected event's life across the steps of the current replay. */
  eventLife: EventLife | null;
  /** Every event's life as lanes, once asked for (the lane view); cleared by each replay. */
  eventLanes: EventLanes | null;
  setTypeFilter(types: readonly string[]): void;
  setSourceFilter(sources: readonly string[]): void;
  setSearch(query: string): Promise<void>;
  selectEvent(index: number | null): Promise<void>;
  selectCondensation(id: EventId | null): Promise<void>;
  /** (Re)loads the selected event's life, after a pick or a replay. */
  loadEventLife(): Promise<void>;
  loadEventLanes(): Promise<void>;
}

export interface LlmSlice {
  /** The endpoint settings, key included (kept in this browser only). */
  llmSettings: LlmSettings | null;
  /** A live run in progress. */
  live: { readonly message: string; readonly answered: number } | null;
  /** What a live run of the current settings would ask for, once estimated. */
  estimate: LlmUse | null;
  /**
   * Paid answers storage refused (full, or the session deleted in another tab): kept here and in
   * exports until stored; `exported` once an export holds all of them.
   */
  unsavedAnswers: { readonly sessionId: string; readonly answers: RecordedAnswers; readonly exported: boolean } | null;
  /** Answers received and being written to storage right now. */
  answersStoring: number;
  /** Stores paid answers in the session as they arrive (kept in memory and exported when storage refuses them). */
  keepPaidAnswers(sessionId: string, answers: RecordedAnswers): Promise<void>;
  loadLlmSettings(): Promise<void>;
  /** False when storage refused them (the notice says why). */
  saveLlmSettings(settings: LlmSettings): Promise<boolean>;
  forgetKey(): Promise<void>;
  /** Sends the endpoint one tiny request (these settings, saved or not) and says how it went. */
  testLlmConnection(settings: LlmSettings): Promise<{ readonly ok: boolean; readonly text: string }>;
  /** Stops the connection test under way ("Test cancelled."). */
  cancelLlmTest(): void;
  estimateLiveRun(): Promise<void>;
  runLive(): Promise<void>;
  cancelLive(): void;
  /** Replaces the built-in summarizer prompt for this session (null: back to the default). */
  setPromptTemplate(kind: 'llm' | 'structured', template: string | null): Promise<void>;
}

/** A one-step counterfactual asked in the app (issue 19): the step, the configuration B, and how it went. */
export interface CounterfactualRun {
  readonly sessionId: string;
  readonly step: number;
  readonly samples: number;
  /** The configuration B was (the session's, when it was asked). */
  readonly config: unknown;
  /** What is being asked, while it runs. */
  readonly running: string | null;
  readonly result: Counterfactual | null;
  readonly error: string | null;
}

export interface CounterfactualSlice {
  counterfactual: CounterfactualRun | null;
  /**
   * At the current step, the request the session's configuration builds and the recorded run's, each
   * asked `samples` times: answers the session holds are reused, the others asked of the LLM settings'
   * endpoint and kept in the session as they arrive. Without a key it runs offline, from the session only.
   */
  askCounterfactual(samples: number): Promise<void>;
  cancelCounterfactual(): void;
  closeCounterfactual(): void;
}

export interface CompareSlice {
  /** The second configuration, replayed on the same log. */
  compareConfig: unknown;
  /** Both replays with their LLM use measured: A is the session's configuration, B the second one. */
  comparison: {
    readonly a: ReplaySummary;
    readonly b: ReplaySummary;
    readonly usageA: UsageReport | null;
    readonly usageB: UsageReport | null;
    /** Facts lost over each replay (spec/quality.md); null where it could not be computed. */
    readonly qualityA: QualityReport['total'] | null;
    readonly qualityB: QualityReport['total'] | null;
    /** Per step, how many facts the agent used that A's (B's) view had lost; null for a step without a view. */
    readonly lostFactsA: ReadonlyArray<number | null> | null;
    readonly lostFactsB: ReadonlyArray<number | null> | null;
    /** Per step, how many events only A's view keeps and how many only B's. */
    readonly views: ViewsDiff;
  } | null;
  /** At the step shown, which events only A's view keeps and which only B's (null until asked). */
  compareStep: StepViewsDiff | null;
  /** Asks which events A's and B's views differ by at a step (the Compare panel asks as the step moves). */
  loadCompareStep(step: number): Promise<void>;
  compareError: string | null;
  setCompareConfig(config: unknown): void;
  /** Replays both configurations again (the Compare panel asks when it opens or a setting changes). */
  refreshComparison(): Promise<void>;
}

export interface AgentSlice {
  /** The messages the agent's LLM received at the current step. */
  transcript: AgentTranscript | null;
  /** Every step's estimated and recorded usage, once computed (after each replay). */
  usage: UsageReport | null;
  usageProgress: { readonly done: number; readonly total: number } | null;
  /** The estimator's error measured on this log as recorded (each estimate fitted on earlier calls only). */
  estimateErrorOnLog: EstimateError | null;
  /** The user's own prices, by model name (presets fill in the rest). */
  prices: PriceOverrides;
  /** An event the user picked in the history: the transcript scrolls to what it became. */
  focusedEvent: EventId | null;
  loadTranscript(): Promise<void>;
  refreshUsage(): Promise<void>;
  /** Stops the running usage estimate (the engine is about to open another log). */
  cancelUsage(): void;
  loadPrices(): Promise<void>;
  setAgentProfile(profile: AgentProfile): Promise<void>;
  /** Takes template files (by name); returns the problem, or null when they were kept for the session. */
  loadAgentTemplates(files: ReadonlyArray<{ readonly name: string; readonly text: string }>): Promise<string | null>;
  resetAgentTemplates(): Promise<void>;
  /** Sets (or, with null, drops) the user's prices for a model. */
  setModelPrices(model: string, prices: ModelPrices | null): Promise<void>;
  focusEvent(id: EventId | null): void;
}

export interface QualitySlice {
  /** Facts lost over the current replay (null until computed after it). */
  quality: QualityReport | null;
  /** Where the fact last asked about had gone, at its step. */
  factOrigin: (FactOrigin & { readonly step: number }) | null;
  /** By condensation id: the facts it forgot that the agent used later, and where. */
  droppedFacts: Readonly<Record<string, ReadonlyArray<{ readonly step: number; readonly fact: string }>>> | null;
  refreshQuality(): Promise<void>;
  explainFact(step: number, fact: string): Promise<void>;
}

export interface SweepSlice {
  /** A sweep result (npm run sweep) open as a table. */
  sweep: { readonly name: string; readonly result: SweepResult } | null;
  /** A row whose instance is not stored yet: it opens once the user imports its log. */
  pendingJump: { readonly row: SweepRow; readonly config: SweepConfig | null } | null;
  openSweep(text: string, name: string): void;
  closeSweep(): void;
  /** Opens the row's instance (its stored session, or asks for its log) with the row's configuration. */
  jumpToSweepRow(index: number): Promise<void>;
  /** After an import: applies the pending row's configuration if the new session is its instance. */
  finishPendingJump(): Promise<void>;
}

/** The view the agent got at one step (the engine's items), and that step. */
export interface StepView {
  readonly step: number;
  readonly items: readonly ViewItem[];
}

export type AppState = LibrarySlice &
  SessionSlice &
  ReplaySlice &
  InspectSlice &
  LlmSlice &
  CounterfactualSlice &
  CompareSlice &
  AgentSlice &
  QualitySlice &
  SweepSlice;

export interface StoreDeps {
  readonly sessions: SessionStore;
  readonly settings: SettingsStore;
  readonly engine: EngineClient;
  /** Tells the app's other tabs about sessions changed here, and this tab about theirs (BroadcastChannel). */
  readonly changes?: SessionChanges;
  /** The bundled sample session file's text, opened on first start. */
  readonly loadSample: () => Promise<string>;
  /**
   * How many logs the engine has opened so far (the store counts them): an answer about an earlier
   * log that fails because another was opened meanwhile is stale, not an error to show.
   */
  readonly logGeneration?: () => number;
  /** How long a step change waits for the engine's view of the step before the step moves alone (STEP_ALONE_AFTER_MS). */
  readonly stepAloneAfterMs?: number;
}

export type SetState = (partial: Partial<AppState> | ((state: AppState) => Partial<AppState>)) => void;
export type GetState = () => AppState;
