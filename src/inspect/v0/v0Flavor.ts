import type { LearnedUsage, RecordedUsage, TextTokens } from '../../engine/index.ts';
import type { ChatSettings } from '../agentRun.ts';
import {
  type Condenser,
  type CondensationRecord,
  type PreparedLog,
  type ReplayStep,
  type View,
  type ViewEntry,
  MaskedView,
  V0AgentCalls,
  entryAt,
  findEntry,
  forgottenJson,
  forgottenLength,
  learnFromRecordedRun,
  maskedSince,
  sameEntry,
  sharedPrefix,
  stepView,
  viewRange,
} from '../../engine/v0/index.ts';
import { compileAgentTemplates } from '../../templates/index.ts';
import type { AgentCallsPort, StepWalk, TraceEncoder } from '../flavor.ts';

/** Where a masked entry points: the event it hides, or "summary" when it hides the summary. */
function maskedTarget(entry: ViewEntry): number | 'summary' {
  switch (entry.kind) {
    case 'masked':
      return maskedTarget(entry.original);
    case 'summary':
      return 'summary';
    default:
      return entry.id;
  }
}

/** One condensation as JSON text, its forgotten ids written without a list of numbers (a range can be wide). */
const condensationJson = (record: CondensationRecord) =>
  `{"id":${record.id},"forgotten_event_ids":${forgottenJson(record.forgotten)},"summary":${JSON.stringify(record.args.summary)},"summary_offset":${JSON.stringify(record.args.summaryOffset)}}`;

/**
 * How many entries from `before[i]` and `now[j]` on are the same, at most `max` (all in range). Entries
 * mostly are the same objects (a masked view repeats the last one's): tested first, so a loop over a
 * long view calls nothing for them. A masked view is read entry by entry (its entries would be built
 * whole); other views' entries are at hand.
 */
function sameEntriesRun(before: View, i: number, now: View, j: number, max: number) {
  const beforeEntries = before instanceof MaskedView ? null : before.entries;
  const nowEntries = now instanceof MaskedView ? null : now.entries;
  let same = 0;
  for (; same < max; same++) {
    const a = beforeEntries ? beforeEntries[i + same]! : entryAt(before, i + same);
    const b = nowEntries ? nowEntries[j + same]! : entryAt(now, j + same);
    if (a !== b && !sameEntry(a, b)) break;
  }
  return same;
}

/** V0 steps and views in the trace; remembers the JSON of what repeats (ids, summaries, placeholders). */
export function v0TraceEncoder(): TraceEncoder<ReplayStep, View> {
  const quoted = new Map<string, string>();
  const idItems: string[] = [];
  const quote = (text: string) => {
    let json = quoted.get(text);
    if (json === undefined) {
      json = JSON.stringify(text);
      quoted.set(text, json);
    }
    return json;
  };
  const item = (entry: ViewEntry): string => {
    switch (entry.kind) {
      case 'summary':
        return `{"summary":${quote(entry.content)}}`;
      case 'masked': {
        const target = maskedTarget(entry.original);
        return `{"masked":${target === 'summary' ? '"summary"' : target},"content":${quote(entry.content)}}`;
      }
      default:
        return (idItems[entry.id] ??= `{"id":${entry.id}}`);
    }
  };
  // The trace writer and the quality figure read the same items of a step's view: built once.
  const last: { view: View | null; from: number; to: number; entries: readonly ViewEntry[] } = {
    view: null,
    from: 0,
    to: 0,
    entries: [],
  };
  const range = (view: View, from: number, to: number) => {
    if (last.view !== view || last.from !== from || last.to !== to) {
      last.entries = viewRange(view, from, to);
      last.view = view;
      last.from = from;
      last.to = to;
    }
    return last.entries;
  };
  /** The last range read when it holds entries [from, to) of the view (a part of it is not copied), else that range. */
  const rangeHolding = (view: View, from: number, to: number) => {
    if (last.view !== view || from < last.from || to > last.to) range(view, from, to);
    return last;
  };
  return {
    beforeEventIdJson: (step) => String(step.beforeEventId),
    condensationsJson: (step) => `[${step.condensations.map(condensationJson).join(',')}]`,
    failure: (step) => step.failure,
    unhandledCondensationRequest: (step) => step.unhandledCondensationRequest,
    viewTokens: (step) => step.viewTokens,
    viewLength: (view) => view.length,
    itemsJson(view, from, to) {
      const entries = range(view, from, to);
      const parts = new Array<string>(entries.length);
      for (let k = 0; k < entries.length; k++) parts[k] = item(entries[k]!);
      return parts;
    },
    visitItems(view, from, to, visit) {
      const { entries, from: offset } = rangeHolding(view, from, to);
      for (let k = from; k < to; k++) {
        const entry = entries[k - offset]!;
        if (entry.kind === 'masked' && visit.masked && 'index' in entry.original && entry.original.index >= 0)
          visit.masked(entry.original.index, entry.content);
        else if (entry.kind === 'summary' || entry.kind === 'masked') visit.text(entry.content);
        else visit.event(entry.index);
      }
    },
    beforeEventIndex: (step) => step.beforeEventIndex,
    forgottenLengths: (step) => step.condensations.map((c) => forgottenLength(c.forgotten)),
    replacedItems: (previous, view) => maskedSince(previous, view),
    matchingRun: (previous, i, view, j, max) => sameEntriesRun(previous, i, view, j, max),
    findItem: (previous, from, view, at) => findEntry(previous, from, entryAt(view, at)),
    sharedPrefix(previous, view) {
      // Two moments of one epoch share their start without comparing; otherwise compare entries.
      return (
        sharedPrefix(previous, view) ?? sameEntriesRun(previous, 0, view, 0, Math.min(previous.length, view.length))
      );
    },
  };
}

/** A finished V0 replay's steps; a view is rebuilt from where the history stood (and the condenser's transforms). */
export function v0StepWalk(steps: readonly ReplayStep[], condenser: Condenser | null): StepWalk<ReplayStep, View> {
  return { steps, view: (index) => stepView(steps[index]!, condenser) };
}

function callOptions(
  settings: ChatSettings,
  tokens: TextTokens,
  recorded: (eventIndex: number) => RecordedUsage | null,
) {
  return { profile: settings.profile, templates: compileAgentTemplates(settings.templates), tokens, recorded };
}

/** The V0 agent's LLM calls (CodeActAgent's messages from each step's view). Throws a TemplateError when the templates do not compile. */
export function v0AgentCalls(
  log: PreparedLog,
  settings: ChatSettings,
  tokens: TextTokens,
  recorded: (eventIndex: number) => RecordedUsage | null,
): AgentCallsPort<ReplayStep, View> {
  const calls = new V0AgentCalls(log, callOptions(settings, tokens, recorded));
  return {
    tools: calls.tools,
    toolTokens: calls.toolTokens,
    request(step, view) {
      const built = calls.request(step, view);
      return built.request
        ? { messages: built.request.messages, eventIds: built.request.eventIds }
        : { error: built.error };
    },
    call: (step, view) => calls.call(step, view),
  };
}

/** What re-simulations learn from: the log's own recorded run against its recorded usage, a call at a time. */
export function v0LearnedFromLog(
  log: PreparedLog,
  settings: ChatSettings,
  tokens: TextTokens,
  recorded: (eventIndex: number) => RecordedUsage | null,
): Generator<void, LearnedUsage, void> {
  return learnFromRecordedRun(log, callOptions(settings, tokens, recorded));
}
