import {
  type AnswerLlm,
  type AnswerLog,
  type ChatMessage,
  type ChatTool,
  type LlmAnswer,
  type RecordedAnswers,
  type TextTokens,
  recordedLlm,
  runSync,
  sdk,
} from '../../engine/index.ts';
import type { InspectedLog, ReplayedLog, Tokens } from '../inspectedLog.ts';
import type { AgentSettings, EventId, ReplayRequest } from '../types.ts';
import { type ActionMatch, type Agreement, agreementOf, compareAction } from './agreement.ts';
import { type AgentAnswer, agentAnswer } from './answer.ts';
import { recordedAction } from './recordedAction.ts';

/** The agent's request at a step, as the trace's messages figure has it: sent as is. */
export interface AgentRequest {
  readonly messages: readonly ChatMessage[];
  readonly tools: readonly ChatTool[] | null;
}

/** Asks the user's endpoint one sample of the agent's answer (src/llm/openaiLlm.ts liveAgentLlm). */
export type AskAgent = (request: AgentRequest) => Promise<LlmAnswer>;

/** The most samples a side may ask for: each is a full request to the user's endpoint. */
export const MAX_SAMPLES = 20;
export const DEFAULT_SAMPLES = 3;

export interface CounterfactualSettings {
  /** The step, as the candidate's trace numbers it (0 is its first step). */
  readonly step: number;
  /** Configuration B: what the candidate's request is built from (its condenser's answers from `answers`). */
  readonly candidate: ReplayRequest;
  readonly agent: AgentSettings;
  readonly samples: number;
  /** The model asked (part of each answer's key: another model's answers are not reused). */
  readonly model: string;
  /**
   * How B's condenser calls are answered (the CLI's --llm-script); default: the recorded answers, a
   * placeholder for the rest (counted in `placeholder_summaries`).
   */
  readonly condenserLlm?: () => AnswerLlm;
}

export interface CounterfactualAnswer extends AgentAnswer {
  readonly match: ActionMatch | null;
}

/** One step asked again under two configurations (the `counterfactual` of the trace). */
export interface Counterfactual {
  readonly step: number;
  readonly before_event_id: EventId;
  readonly model: string;
  readonly recorded_action: AgentAnswer | null;
  readonly baseline: readonly CounterfactualAnswer[];
  readonly candidate: readonly CounterfactualAnswer[];
  /** The share of answers with the recorded action's tool and command or file; null when the log kept no action. */
  readonly agreement: { readonly baseline: number | null; readonly candidate: number | null };
  /** Each side's shares at every level of likeness. */
  readonly agreement_levels: { readonly baseline: Agreement; readonly candidate: Agreement } | null;
  /** True when B sends the very request the recorded run sent (its view at this step is the same). */
  readonly same_request: boolean;
  /** Each side's prompt, in messages and our tokenizer's tokens (o200k). */
  readonly requests: {
    readonly baseline: { readonly messages: number; readonly tokens: number };
    readonly candidate: { readonly messages: number; readonly tokens: number };
  };
  /** B's summaries up to this step that no recorded answer gave: a placeholder stood in, so B's request holds it. */
  readonly placeholder_summaries: number;
}

/** Why a counterfactual cannot be run (a step without a request, a configuration refused...): one line. */
export class CounterfactualError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CounterfactualError';
  }
}

const requestKeyOf = (model: string, request: AgentRequest) =>
  `counterfactual:${sdk.sha256Hex(JSON.stringify([model, request.messages, request.tools]))}`;

/** Where sample k of a request's answers is kept among the session's recorded answers. */
export const sampleKey = (requestKey: string, sample: number) => `${requestKey}:${sample}`;

interface Side {
  readonly request: AgentRequest;
  readonly tokens: number;
  readonly key: string;
}

function replayed(
  log: InspectedLog,
  request: ReplayRequest,
  tokens: Tokens | null,
  answers: RecordedAnswers,
  condenserLlm?: () => AnswerLlm,
) {
  const prepared = log.replay(request, tokens);
  if ('configError' in prepared) throw new CounterfactualError(prepared.configError);
  const calls: AnswerLog = { hits: 0, misses: 0, calls: [] };
  const llm = condenserLlm ? condenserLlm() : recordedLlm(answers, 'placeholder', calls);
  return { replay: runSync(prepared.work, llm), calls };
}

function sideAt(replay: ReplayedLog, index: number, settings: CounterfactualSettings, textTokens: TextTokens): Side {
  const transcript = replay.agent(settings.agent, { tokens: textTokens }).transcript(index);
  if (transcript.error !== null)
    throw new CounterfactualError(`step ${settings.step} has no request to send: ${transcript.error}`);
  const request = { messages: transcript.messages.map((item) => item.message), tools: transcript.tools };
  return {
    request,
    tokens: transcript.messages.reduce((sum, item) => sum + item.tokens, 0) + transcript.toolTokens,
    key: requestKeyOf(settings.model, request),
  };
}

/**
 * The agent's request at a step under configuration B and as recorded, each asked `samples` times.
 * Answers already among `answers` (by request and sample) are reused; the others come from `ask`,
 * each handed to `keep` as it arrives, so an interrupted run keeps what it got. Without `ask`, every
 * answer must be recorded: the run then needs no endpoint and no key.
 */
export async function runCounterfactual(
  log: InspectedLog,
  tokens: Tokens | null,
  textTokens: TextTokens,
  settings: CounterfactualSettings,
  answers: RecordedAnswers,
  ask: AskAgent | null,
  keep: (key: string, answer: LlmAnswer) => void = () => {},
): Promise<Counterfactual> {
  const { step, samples } = settings;
  if (!Number.isInteger(samples) || samples < 1 || samples > MAX_SAMPLES)
    throw new CounterfactualError(`the samples per side must be a whole number from 1 to ${MAX_SAMPLES}`);
  const candidate = replayed(log, settings.candidate, tokens, answers, settings.condenserLlm);
  const steps = candidate.replay.steps;
  const at = steps[step];
  if (!Number.isInteger(step) || !at)
    throw new CounterfactualError(`there is no step ${step}: this replay has steps 0 to ${steps.length - 1}`);
  if (at.failure) throw new CounterfactualError(`step ${step} failed, so the agent made no call: ${at.failure}`);
  const baselineRequest: ReplayRequest = {
    config: null,
    mode: 'recorded',
    answers: {},
    onMissing: 'placeholder',
    ...(settings.candidate.sdkRules ? { sdkRules: settings.candidate.sdkRules } : {}),
  };
  const baseline = replayed(log, baselineRequest, tokens, {}).replay;
  const baselineIndex = baseline.steps.findIndex((candidateStep) => candidateStep.beforeEventId === at.beforeEventId);
  if (baselineIndex < 0 || baseline.steps[baselineIndex]!.failure)
    throw new CounterfactualError(`the recorded run has no request before event ${String(at.beforeEventId)}`);
  const sides = {
    baseline: sideAt(baseline, baselineIndex, settings, textTokens),
    candidate: sideAt(candidate.replay, step, settings, textTokens),
  };
  const summaries = new Set(
    candidate.replay.condensations.filter((c) => c.stepIndex <= step && c.llmCall !== null).map((c) => c.llmCall!),
  );
  const placeholders = candidate.calls.calls.filter((call, k) => call.placeholder && summaries.has(k)).length;

  const recorded = recordedAction(log.raw, at.beforeEventIndex, log.opened.flavor);
  const known = new Map<string, LlmAnswer>(Object.entries(answers));
  const ask1 = async (side: Side, sample: number): Promise<CounterfactualAnswer> => {
    const key = sampleKey(side.key, sample);
    let answer = known.get(key);
    if (!answer) {
      if (!ask)
        throw new CounterfactualError(
          `no answer is recorded for sample ${sample + 1} of this request; give an endpoint to ask for it`,
        );
      answer = await ask(side.request);
      known.set(key, answer);
      keep(key, answer);
    }
    const shown = agentAnswer(answer);
    return { ...shown, match: recorded ? compareAction(shown, recorded) : null };
  };
  const askAll = async (side: Side) => {
    const out: CounterfactualAnswer[] = [];
    for (let sample = 0; sample < samples; sample++) out.push(await ask1(side, sample));
    return out;
  };
  const baselineAnswers = await askAll(sides.baseline);
  const candidateAnswers = await askAll(sides.candidate);
  const levels = recorded
    ? {
        baseline: agreementOf(baselineAnswers.map((answer) => answer.match!)),
        candidate: agreementOf(candidateAnswers.map((answer) => answer.match!)),
      }
    : null;
  return {
    step,
    before_event_id: at.beforeEventId,
    model: settings.model,
    recorded_action: recorded,
    baseline: baselineAnswers,
    candidate: candidateAnswers,
    agreement: {
      baseline: levels ? levels.baseline.same_target : null,
      candidate: levels ? levels.candidate.same_target : null,
    },
    agreement_levels: levels,
    same_request: sides.baseline.key === sides.candidate.key,
    requests: {
      baseline: { messages: sides.baseline.request.messages.length, tokens: sides.baseline.tokens },
      candidate: { messages: sides.candidate.request.messages.length, tokens: sides.candidate.tokens },
    },
    placeholder_summaries: placeholders,
  };
}
