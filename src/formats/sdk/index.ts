// Agent SDK logs: conversation folders (base_state.json + events/), event lists and eval JSONL,
// read into the SDK engine's events with the rules of the SDK that wrote them.
import { z } from 'zod';
import { sdk } from '../../engine/index.ts';
import { LogFormatError } from '../errors.ts';
import type { EvalInstance, LocatedEvents } from '../types.ts';
import { type LogShape, logShape } from '../readers/index.ts';
import { checkUniqueIds } from '../v0Event.ts';
import { readSdkEvent } from './sdkEvent.ts';
import { type RawEvents, rawEventsOf } from '../rawEvents.ts';
import { type RecordedBill, readSdkBill } from '../recorded/index.ts';

export {
  looksLikeSdkCondenserText,
  parseSdkCondenserText,
  parseSdkCondenserValue,
  sdkCondenserRefusal,
} from './condenserConfig.ts';

/** An SDK log, read and validated. */
export interface SdkParsedLog {
  readonly flavor: 'sdk';
  readonly shape: LogShape;
  readonly events: readonly sdk.SdkEvent[];
  /** Each event's JSON exactly as the log has it, for display (index-aligned with `events`). */
  readonly raw: RawEvents;
  readonly instances: readonly EvalInstance[];
  readonly instanceId: string | null;
  readonly notes: readonly string[];
  /** `agent.condenser` of base_state.json as written (check it with `sdk.parseSdkCondenserConfig`). */
  readonly recordedCondenser: unknown;
  /** The agent model's context window as the SDK found it (base_state.json's max_input_tokens or token usage). */
  readonly agentContextWindow: sdk.AgentContextWindow;
  /** `agent.llm.model` of base_state.json: the agent's model, if recorded (for prices). */
  readonly agentModel: string | null;
  /** `agent.llm.temperature` and `top_p` of base_state.json, those recorded: what the agent sampled with. */
  readonly agentSampling: { readonly temperature?: number; readonly top_p?: number };
  /** `leaf_event_id` of base_state.json: the conversation's HEAD, if recorded. */
  readonly leafId: string | null;
  /** Which SDK generation wrote it: 2025 serialized `kind` first, 2026 last. */
  readonly generation: '2025' | '2026';
  /** The rules its recorded condensations were made under: 2025-09 for 2025 logs, else the pinned 1.43.1. */
  readonly suggestedRules: sdk.SdkRules;
  /** Every LLM call the log records (agent, condenser, other services), with its usage and cost as recorded. */
  readonly recorded: RecordedBill;
}

const baseStateSchema = z.looseObject({
  agent: z
    .looseObject({
      condenser: z.unknown().optional(),
      llm: z
        .looseObject({
          max_input_tokens: z
            .number({ error: 'expected an integer' })
            .int({ error: 'expected an integer' })
            .positive({ error: 'must be positive' })
            .nullish(),
          model: z.unknown().optional(),
          base_url: z.unknown().optional(),
          usage_id: z.unknown().optional(),
          service_id: z.unknown().optional(),
          temperature: z.unknown().optional(),
          top_p: z.unknown().optional(),
        })
        .nullish(),
    })
    .nullish(),
  leaf_event_id: z.string({ error: 'expected a string' }).nullish(),
  stats: z.unknown().optional(),
});

const asText = (value: unknown) => (typeof value === 'string' ? value : null);
const asRecord = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * The `context_window` the SDK wrote into the agent LLM's usage records (`stats.usage_to_metrics`
 * by usage_id since late 2025, `service_to_metrics` by service_id before): the window it used.
 */
function recordedContextWindows(stats: unknown, usageId: string | null, serviceId: string | null): number[] {
  const byId = (table: unknown, id: string | null) => (id === null ? null : asRecord(asRecord(table)?.[id]));
  const metrics =
    byId(asRecord(stats)?.usage_to_metrics, usageId ?? 'agent') ??
    byId(asRecord(stats)?.service_to_metrics, serviceId ?? 'agent');
  if (!metrics) return [];
  const usages = Array.isArray(metrics.token_usages) ? metrics.token_usages : [];
  return [...usages, metrics.accumulated_token_usage]
    .map((usage) => asRecord(usage)?.context_window)
    .filter((window): window is number => typeof window === 'number' && Number.isInteger(window));
}

function readBaseState(value: unknown) {
  if (value === undefined || value === null)
    return {
      recordedCondenser: null,
      agentContextWindow: sdk.agentContextWindow(null),
      agentModel: null,
      agentSampling: {},
      leafId: null,
    };
  const result = baseStateSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new LogFormatError(['base_state.json', ...issue.path.map(String)].join('.'), issue.message);
  }
  const state = result.data;
  const llm = state.agent?.llm;
  return {
    recordedCondenser: state.agent?.condenser ?? null,
    agentContextWindow: sdk.agentContextWindow(
      llm
        ? {
            model: asText(llm.model),
            baseUrl: asText(llm.base_url),
            maxInputTokens: llm.max_input_tokens ?? null,
            recordedContextWindows: recordedContextWindows(state.stats, asText(llm.usage_id), asText(llm.service_id)),
          }
        : null,
    ),
    agentModel: typeof state.agent?.llm?.model === 'string' ? state.agent.llm.model : null,
    agentSampling: {
      ...(typeof llm?.temperature === 'number' ? { temperature: llm.temperature } : {}),
      ...(typeof llm?.top_p === 'number' ? { top_p: llm.top_p } : {}),
    },
    leafId: state.leaf_event_id ?? null,
  };
}

function generationOf(items: readonly unknown[]): '2025' | '2026' {
  const first = items[0];
  return typeof first === 'object' && first !== null && Object.keys(first)[0] === 'kind' ? '2025' : '2026';
}

function skippedKindsNote(events: readonly sdk.SdkEvent[]): string[] {
  const counts = new Map<string, number>();
  for (const event of events)
    if (event.kind === 'OtherEvent') counts.set(event.sdkKind, (counts.get(event.sdkKind) ?? 0) + 1);
  if (counts.size === 0) return [];
  const listed = [...counts].map(([kind, count]) => `${kind} ×${count}`).join(', ');
  return [`Events the agent's view skips (not sent to the LLM): ${listed}.`];
}

/** Validates the SDK events a log holds; throws LogFormatError naming the file, line or index and the field. */
export function readSdkLog(found: LocatedEvents): SdkParsedLog {
  const events = found.items.map((item, i) => readSdkEvent(item, i, () => found.label(i)));
  checkUniqueIds(events, found.label, 'condensations');
  const generation = generationOf(found.items);
  const baseState = readBaseState(found.baseState);
  return {
    flavor: 'sdk',
    shape: logShape(found.shape),
    events,
    raw: rawEventsOf(found.items),
    instances: found.instances,
    instanceId: found.instanceId,
    notes: [...found.notes, ...skippedKindsNote(events)],
    ...baseState,
    recordedCondenser: baseState.recordedCondenser ?? found.recordedCondenser,
    generation,
    suggestedRules: generation === '2025' ? '2025-09' : '1.43.1',
    recorded: readSdkBill(events, found.baseState),
  };
}
