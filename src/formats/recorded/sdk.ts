import { z } from 'zod';
import type { sdk } from '../../engine/index.ts';
import { type CallDraft, billOf, newCallDraft } from './bill.ts';
import { readMetricsTable } from './metricsTable.ts';
import { BillNotes } from './notes.ts';
import { isJsonObject } from './tokens.ts';
import type { RecordedBill, RecordedEventRef, RecordedRole } from './types.ts';

/** The LLM responses the events show: ActionEvents and agent MessageEvents (agent), Condensations (condenser). */
interface ProducedResponse {
  readonly role: RecordedRole;
  readonly events: RecordedEventRef[];
  claimed: boolean;
}

function responsesOf(events: readonly sdk.SdkEvent[]): Map<string, ProducedResponse> {
  const produced = new Map<string, ProducedResponse>();
  for (const event of events) {
    const [role, responseId] =
      event.kind === 'ActionEvent' || event.kind === 'MessageEvent'
        ? (['agent', event.responseId] as const)
        : event.kind === 'Condensation'
          ? (['condenser', event.llmResponseId] as const)
          : ['agent', null];
    if (!responseId) continue;
    const ref = { id: event.id, index: event.index };
    const known = produced.get(responseId);
    if (known) known.events.push(ref);
    else produced.set(responseId, { role, events: [ref], claimed: false });
  }
  return produced;
}

const statsSchema = z.looseObject({
  usage_to_metrics: z.record(z.string(), z.unknown(), { error: 'expected an object of LLM services' }).nullish(),
  service_to_metrics: z.record(z.string(), z.unknown(), { error: 'expected an object of LLM services' }).nullish(),
});

/** The per-service Metrics of base_state.json: `usage_to_metrics` (by usage_id, late 2025 on) or `service_to_metrics` (by service_id, before). */
function servicesOf(baseState: unknown, notes: BillNotes): { key: string; services: [string, unknown][] } {
  const stats = isJsonObject(baseState) ? baseState.stats : undefined;
  if (stats === undefined || stats === null) return { key: '', services: [] };
  const parsed = statsSchema.safeParse(stats);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    notes.add(
      `base_state.json.stats.${issue.path.map(String).join('.')}: ${issue.message}; its recorded usage is not counted.`,
    );
    return { key: '', services: [] };
  }
  const { usage_to_metrics: byUsage, service_to_metrics: byService } = parsed.data;
  if (byUsage && Object.keys(byUsage).length > 0) return { key: 'usage_to_metrics', services: Object.entries(byUsage) };
  return { key: 'service_to_metrics', services: Object.entries(byService ?? {}) };
}

const idsOf = (llm: unknown): string[] =>
  isJsonObject(llm) ? [llm.usage_id, llm.service_id].filter((id): id is string => typeof id === 'string') : [];

/**
 * A service's role by its name: the agent's LLM ('default' in 2025, 'agent' since; a switched-to
 * profile is `profile:<name>`), the condenser's ('condenser'), or another service. Calls linked to
 * events take the role of the events instead.
 */
function serviceRoles(baseState: unknown): (service: string) => RecordedRole {
  const agent = isJsonObject(baseState) && isJsonObject(baseState.agent) ? baseState.agent : {};
  const agentIds = new Set(['default', 'agent', ...idsOf(agent.llm)]);
  const condenserIds = new Set(['condenser', ...idsOf(isJsonObject(agent.condenser) ? agent.condenser.llm : null)]);
  return (service) =>
    agentIds.has(service) || service.startsWith('profile:')
      ? 'agent'
      : condenserIds.has(service)
        ? 'condenser'
        : 'other';
}

/**
 * The recorded bill of an SDK log: the calls `base_state.json` stats record per LLM service (cost,
 * usage, response id), linked to the events they produced by `llm_response_id`. 2025 Condensations
 * name no response: they pair with the condenser's calls in order. Responses the events show that
 * no stats record are calls whose usage and cost are not known.
 */
export function readSdkBill(events: readonly sdk.SdkEvent[], baseState: unknown): RecordedBill {
  const notes = new BillNotes();
  const produced = responsesOf(events);
  const roleOf = serviceRoles(baseState);
  const { key, services } = servicesOf(baseState, notes);
  const drafts: CallDraft[] = [];
  const condenserCallsWithoutEvents: CallDraft[] = [];
  for (const [service, metrics] of services) {
    const table = readMetricsTable(metrics, `base_state.json.stats.${key}.${service}`, roleOf(service), service, notes);
    for (const call of table?.calls ?? []) {
      const response = call.responseId ? produced.get(call.responseId) : undefined;
      if (response && !response.claimed) {
        response.claimed = true;
        call.role = response.role;
        // A loop, not push(...events): a call takes about 120,000 arguments, and a stranger's log may link more.
        for (const event of response.events) call.events.push(event);
      } else if (call.role === 'condenser') {
        condenserCallsWithoutEvents.push(call);
      }
      drafts.push(call);
    }
  }
  pairCondensations(events, condenserCallsWithoutEvents, notes);
  const unrecorded = [...produced].filter(([, response]) => !response.claimed);
  for (const [responseId, response] of unrecorded)
    drafts.push(newCallDraft(response.role, { responseId, events: response.events }));
  if (services.length > 0 && unrecorded.length > 0) {
    notes.add(
      `${unrecorded.length} LLM responses the events show have no record in base_state.json stats (first: ${unrecorded[0]![0]}); their usage and cost are not known.`,
    );
  }
  return billOf(drafts, notes.list());
}

function pairCondensations(events: readonly sdk.SdkEvent[], calls: readonly CallDraft[], notes: BillNotes): void {
  const condensations = events.filter((event) => event.kind === 'Condensation' && event.llmResponseId === null);
  if (calls.length === 0 || condensations.length === 0) return;
  if (calls.length !== condensations.length) {
    notes.add(
      `The condenser's ${calls.length} recorded calls and the log's ${condensations.length} Condensations (which name no response) do not pair one to one; the calls are counted without their events.`,
    );
    return;
  }
  calls.forEach((call, i) => call.events.push({ id: condensations[i]!.id, index: condensations[i]!.index }));
}
