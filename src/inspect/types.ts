import type {
  AgentProfile,
  ChatMessage,
  ChatTool,
  LearnedUsage,
  LlmAnswer,
  MissingAnswerPolicy,
  PromptUsage,
  RecordedAnswers,
  RecordedUsage,
  ReplayMode,
  sdk,
} from '../engine/index.ts';
import { type PromptOverrides } from '../engine/v0/index.ts';
import type { EvalInstance, ImportInput, LogInput, RecordedBill } from '../formats/index.ts';
import type { AgentTemplateSources } from '../templates/index.ts';
import type { QualityTotal, StepQuality } from './quality/index.ts';
import type { Counterfactual } from './counterfactual/index.ts';
import type { LogSummaryUse } from './logSummaries.ts';
import type { InferredConfig } from './inferConfig.ts';
import type { StepViewsDiff, ViewsDiff } from './viewDiff.ts';
import type { FactOrigin, QualityReport } from './qualityReport.ts';

/** Event ids: integers in OpenHands V0 logs, strings (UUIDs) in Agent SDK logs. */
export type EventId = number | string;

/** One line of the event table. Plain data: it crosses the worker boundary. */
export interface EventRow {
  readonly index: number;
  readonly id: EventId;
  /** SDK events the agent's view skips (state updates...) are 'other'. */
  readonly kind: 'action' | 'observation' | 'other';
  readonly type: string;
  readonly source: string | null;
  /** A one-line description (the event's message, whitespace collapsed, cut short). */
  readonly summary: string;
  /** Whether the agent's history holds it, as recorded and when re-simulating. */
  readonly inHistory: { readonly recorded: boolean; readonly resimulate: boolean };
}
export interface OpenedLog {
  /** Which engine replays it: OpenHands V0, or the Agent SDK. */
  readonly flavor: 'v0' | 'sdk';
  readonly rows: readonly EventRow[];
  readonly shape: string;
  readonly shapeLabel: string;
  readonly notes: readonly string[];
  readonly instances: readonly EvalInstance[];
  readonly instanceId: string | null;
  /** The configuration a new session starts with (the one the log records, when valid). */
  readonly suggestedConfig: unknown;
  /** Whether the log records its condenser configuration (an eval's metadata, an SDK base_state.json). */
  readonly configRecorded: boolean;
  /** SDK logs: the rules of the SDK that wrote it. */
  readonly sdkRules: sdk.SdkRules | null;
  /** Summaries of the log's own condensations, in order (usable as scripted answers). */
  readonly recordedSummaries: readonly string[];
  /** How many condensations the log records (with or without a summary). */
  readonly recordedCondensations: number;
  /** The model the agent's LLM calls recorded (the first one), or null. */
  readonly agentModel: string | null;
  /** The sampling parameters the log records for the agent's calls (SDK logs: base_state.json), by OpenAI name. */
  readonly agentSampling: { readonly temperature?: number; readonly top_p?: number };
  /** SDK logs: the agent model's context window as base_state.json records it, or null. */
  readonly agentMaxInputTokens: number | null;
  /** The run's bill as the log recorded it (agent and condenser calls, by model), without the calls themselves. */
  readonly recordedBill: RecordedTotals;
}

/** A recorded bill's sums: what the session header shows. */
export type RecordedTotals = Omit<RecordedBill, 'calls'>;

/** What importing a log gives: the opened log, or the instances of a run to pick from. */
export type ImportedLog =
  | { readonly kind: 'opened'; readonly opened: OpenedLog }
  | { readonly kind: 'instances'; readonly instances: readonly EvalInstance[]; readonly shapeLabel: string };

export interface StepSummary {
  readonly index: number;
  readonly beforeEventId: EventId;
  readonly beforeEventIndex: number;
  readonly viewLength: number;
  readonly viewTokens: number;
  readonly condensationIds: readonly EventId[];
  readonly unhandledCondensationRequest: boolean;
  readonly failure: string | null;
}

export interface CondensationSummary {
  readonly id: EventId;
  readonly stepIndex: number;
  /** The log's events it forgets, in order (a V0 range counted against the log's ids); only the first of many. */
  readonly forgottenEventIds: readonly EventId[];
  /** How many of the log's events it forgets, when forgottenEventIds lists only the first of them. */
  readonly forgottenCount?: number;
  readonly summary: string | null;
  readonly summaryOffset: number | null;
  /** The LLM call that produced it, if any; `placeholder` when no real answer was available. */
  readonly llmCall: number | null;
  readonly placeholder: boolean;
}

export interface LlmUse {
  /** LLM calls the replay made, and how they were answered. */
  readonly calls: number;
  readonly recorded: number;
  readonly placeholders: number;
  readonly live: number;
  /** Prompt tokens of all calls (from recorded usage, else estimated); null unless measured. */
  readonly promptTokens: number | null;
  /** Prompt tokens of the calls that had no recorded answer: what a live run would send. */
  readonly missingPromptTokens: number | null;
  /**
   * Calls with recorded usage the condenser's estimate was fitted on (its own line, apart from the agent's):
   * the calls without usage are then estimated on the provider's scale; 0: counted by our tokenizer as is.
   */
  readonly promptTokensFittedOn: number;
  /** Calls whose prompt tokens are estimated (no recorded usage): 0 when every figure is the provider's. */
  readonly estimatedPromptCalls: number;
  /** Completion tokens the recorded answers report. */
  readonly completionTokens: number | null;
}

export interface ReplaySummary {
  readonly mode: ReplayMode;
  readonly steps: readonly StepSummary[];
  readonly condensations: readonly CondensationSummary[];
  readonly llm: LlmUse;
  /** Milliseconds the engine took, measured by the host. */
  readonly durationMs: number;
  /** What the replay assumed that the user should know (a configuration without `type`...). */
  readonly notes: readonly string[];
}

export type ReplayOutcome =
  { readonly ok: true; readonly summary: ReplaySummary } | { readonly ok: false; readonly configError: string };

/**
 * Where a replay is kept: 'main' is the session's; a comparison keeps its A in 'compareA' and its B in
 * 'compare', so the main replay's steps and views stay available and A and B can be set side by side.
 */
export type ReplaySlot = 'main' | 'compareA' | 'compare';

export interface ReplayRequest {
  readonly config: unknown;
  readonly mode: ReplayMode;
  readonly answers: RecordedAnswers;
  readonly onMissing: MissingAnswerPolicy;
  readonly prompts?: PromptOverrides;
  /** Where the replay is kept (see ReplaySlot); 'main' by default. */
  readonly slot?: ReplaySlot;
  /** Also count the LLM calls' prompt tokens (slower: every prompt is built). */
  readonly measureLlm?: boolean;
  /** SDK logs: which SDK's rules to replay under (default: those of the SDK that wrote the log). */
  readonly sdkRules?: sdk.SdkRules;
}

/** An OpenAI-compatible endpoint, with the key, handed to the engine only for a live run. */
export interface LlmEndpointArgs {
  readonly baseURL: string;
  readonly model: string;
  readonly apiKey: string;
  /** The most one request may take, start to end of its answer (the LLM settings'; a default otherwise). */
  readonly deadlineMs?: number;
  /** The largest answer read (the LLM settings'; a default otherwise). */
  readonly maxAnswerBytes?: number;
}

/** What a long request reports while it runs. */
export type Progress =
  | { readonly kind: 'status'; readonly message: string; readonly done: number; readonly total: number | null }
  | { readonly kind: 'answer'; readonly key: string; readonly answer: LlmAnswer };

/** Passed to every host method: cancellation and progress reports. */
export interface CallContext {
  readonly signal?: AbortSignal;
  readonly progress?: (progress: Progress) => void;
  /** Waits on something that is not the engine's work (the network) without holding the engine's queue. */
  readonly outside?: <T>(wait: () => Promise<T>) => Promise<T>;
}

export type ViewItem =
  | { readonly kind: 'event'; readonly id: EventId; readonly index: number }
  | { readonly kind: 'summary'; readonly content: string; readonly condensationId: EventId }
  | {
      readonly kind: 'masked';
      readonly content: string;
      readonly targetId: EventId | null;
      readonly targetIndex: number | null;
    };

/** One event across a replay's steps (steps 0-based; runs [from, to) of steps). */
export interface EventLife {
  readonly index: number;
  readonly id: EventId;
  /** The steps whose view held the event itself. */
  readonly inView: ReadonlyArray<readonly [number, number]>;
  /** The steps whose view held a masking condenser's placeholder for it. */
  readonly masked: ReadonlyArray<readonly [number, number]>;
  /** The first step whose view held it (itself or masked); null when none did. */
  readonly entered: number | null;
  /** The condensation after which no view held it (and whether it wrote a summary); null while it stays. */
  readonly forgotten: { readonly condensationId: EventId; readonly step: number; readonly summary: boolean } | null;
}

/** Neighbouring events with one life, or forgotten together by one condensation, folded into one lane. */
export interface LifeLane extends Omit<EventLife, 'index' | 'id' | 'entered'> {
  readonly first: number;
  readonly last: number;
  readonly count: number;
}

/** Every event × every step: the lanes, and the steps a condensation ran before (the cuts). */
export interface EventLanes {
  readonly steps: number;
  readonly cuts: readonly number[];
  readonly lanes: readonly LifeLane[];
}

/** How the agent's messages are built: the provider profile, and the session's own templates. */
export interface AgentSettings {
  /** 'auto': each call by the profile of its own recorded model (a run may move from GPT-5 to Claude). */
  readonly profile: AgentProfile;
  readonly templates: AgentTemplateSources;
}

export interface TranscriptMessage {
  readonly message: ChatMessage;
  /** The log events it was made from (a summary: its condensation; a placeholder: what it masks). */
  readonly eventIds: readonly EventId[];
  /** Our tokenizer's count (o200k), before calibration to the provider's. */
  readonly tokens: number;
}

/** What the agent's LLM received at one step. */
export interface AgentTranscript {
  readonly step: number;
  readonly messages: readonly TranscriptMessage[];
  /** The tool schemas sent with every call, as the log recorded them (null when it did not). */
  readonly tools: readonly ChatTool[] | null;
  readonly toolTokens: number;
  /** Why there are no messages (OpenHands would fail here, or the log lacks what they need). */
  readonly error: string | null;
}

export interface StepUsage {
  /** The usage model's estimate (null where the messages could not be built). */
  readonly estimate: PromptUsage | null;
  /** What the provider recorded for the step's call (its whole input as prompt tokens), or null. */
  readonly recorded: RecordedUsage | null;
  /** The dollars the log recorded for the step's call; null where it recorded none (never 0 for unknown). */
  readonly recordedCost: number | null;
  /** How many messages the step's call sends (null where they could not be built). */
  readonly messages: number | null;
  /** The model of the step's call (recorded, else the last one seen): its prices apply. */
  readonly model: string | null;
}

/** One LLM call of the condenser itself (summaries, rankings), by step. */
export interface CondenserCallUsage {
  readonly stepIndex: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** No real answer was available: a placeholder stood in. */
  readonly placeholder: boolean;
}

export interface UsageReport {
  readonly profile: AgentProfile;
  readonly model: string | null;
  readonly steps: readonly StepUsage[];
  readonly condenserCalls: readonly CondenserCallUsage[];
  /** As recorded, each step learns from the earlier ones; re-simulated, from the whole log's run. */
  readonly calibration: 'earlier-steps' | 'whole-log';
  /** What the estimates use at the end (as recorded) or throughout (re-simulated). */
  readonly learned: LearnedUsage;
  /** Why nothing could be estimated (templates that do not render...), or null. */
  readonly error: string | null;
}

export interface PromptText {
  readonly condenser: string;
  readonly messages: ReadonlyArray<{ readonly role: string; readonly content: string }>;
  readonly tools: unknown;
  readonly responseFormat: unknown;
}

/** The `quality` figure of a whole replay (spec/quality.md): per step (null for a failed step) and the run's total. */
export interface ReplayQuality {
  readonly steps: ReadonlyArray<StepQuality | null>;
  readonly total: QualityTotal;
}

export interface CounterfactualArgs {
  /** The step, as the candidate's replay numbers it. */
  readonly step: number;
  readonly candidate: ReplayRequest;
  readonly agent: AgentSettings;
  readonly samples: number;
  /** The model the answers are (and were) asked of: part of each answer's key. */
  readonly model: string;
  readonly endpoint: LlmEndpointArgs | null;
}

/** What the inspector answers, by method name; the same whether it runs in a Worker or not. */
export interface InspectorApi {
  open(args: { input: ImportInput; instance: string | null }, context?: CallContext): Promise<OpenedLog>;
  /** Opens a log being imported; an eval run of several instances is only listed, the current log stays. */
  importLog(args: { input: ImportInput }, context?: CallContext): Promise<ImportedLog>;
  /** The open log, read in place from a picked file, is read from its stored copy from now on; false where it is held. */
  readLogFrom(args: { input: ImportInput }): Promise<boolean>;
  /** One instance of the run importLog listed (an eval run holds hundreds): what a session stores. */
  instanceInput(args: { instance: string }): Promise<LogInput>;
  dropSurvey(args: Record<string, never>): Promise<void>;
  /** Every event's token estimate (slow on big logs: counted in slices beside the queue). */
  countTokens(args: Record<string, never>, context?: CallContext): Promise<Uint32Array>;
  replay(args: ReplayRequest): Promise<ReplayOutcome>;
  /** A replay that asks the endpoint for every answer not recorded yet; reports each new answer. */
  liveReplay(
    args: ReplayRequest & { endpoint: LlmEndpointArgs; expectedCalls?: number },
    context?: CallContext,
  ): Promise<ReplayOutcome>;
  /** One tiny request to the endpoint: says what answered, or throws the reason it did not. */
  testEndpoint(args: { endpoint: LlmEndpointArgs }, context?: CallContext): Promise<string>;
  /**
   * Replays with the log's own summaries, each answering only a summarizer call that forgets exactly the
   * events it summarized (placeholders stand in for the rest), and returns those answers keyed by request.
   */
  /** Facts lost over a replay of the request (spec/quality.md), per step and in total. */
  quality(args: ReplayRequest): Promise<QualityReport>;
  /** Where a fact used at a step of the last replay had gone from view. */
  factOrigin(args: { step: number; fact: string }): Promise<FactOrigin>;
  /**
   * For each condensation of the last replay, the facts it forgot that the agent used later (and at which
   * step), `missing` being replayQuality's of that replay: an AbortError once another replay replaced it.
   */
  factsDroppedBy(
    args: {
      missing: ReadonlyArray<{ readonly step: number; readonly facts: readonly string[] }>;
    },
    context?: CallContext,
  ): Promise<Record<string, Array<{ step: number; fact: string }>>>;
  /** The configuration that reproduces the current log's recorded condensations (see inferConfig.ts). */
  inferConfig(args: { sdkRules?: sdk.SdkRules }): Promise<InferredConfig>;
  recordLogSummaries(args: {
    config: unknown;
    prompts?: PromptOverrides;
    sdkRules?: sdk.SdkRules;
  }): Promise<LogSummaryUse>;
  stepView(args: { step: number }): Promise<readonly ViewItem[]>;
  /** One event's life across the last replay's steps: in view, masked, forgotten by which condensation. */
  eventLife(args: { index: number }): Promise<EventLife>;
  /** Every event's life as lanes (runs with one life folded), for the lane view. */
  eventLanes(args: Record<string, never>): Promise<EventLanes>;
  eventJson(args: { index: number }): Promise<string>;
  /** The event as OpenHands prints it (`str(event)`). */
  eventText(args: { index: number }): Promise<string>;
  prompt(args: { condensationId: EventId }): Promise<PromptText | null>;
  /** The messages the agent's LLM received at a step of the last replay. */
  agentTranscript(args: { step: number; agent: AgentSettings }): Promise<AgentTranscript>;
  /** Every step's usage of the last replay (or of the compare replay): slow on big logs, cancellable. */
  agentUsage(args: { agent: AgentSettings; slot?: ReplaySlot }, context?: CallContext): Promise<UsageReport>;
  search(args: { query: string }): Promise<Int32Array>;
  /**
   * One step asked again (issue 19): the agent's request under `candidate`'s configuration and as
   * recorded, `samples` times each. Answers recorded in `candidate.answers` are reused; the others are
   * asked of `endpoint` (none: offline) and each reported as it arrives, to be kept in the session.
   */
  counterfactual(args: CounterfactualArgs, context?: CallContext): Promise<Counterfactual>;
  /** The facts each step's view had lost that the agent used (spec/quality.md), of the last (or compare) replay. */
  replayQuality(args: { slot?: ReplaySlot }, context?: CallContext): Promise<ReplayQuality>;
  /** Per step, how many events the compared A's view keeps that B's does not, and the other way round. */
  compareViews(args: Record<string, never>): Promise<ViewsDiff>;
  /** At one step, which events only A's view keeps and which only B's. */
  compareStepViews(args: { step: number }): Promise<StepViewsDiff>;
}
