import { type ReplayMode } from '../core/index.ts';
import type { SdkEvent } from './events.ts';

/** The parent the SDK gives a deliberate new root. */
const ROOT_PARENT = '__root__';

/**
 * What a replay needs to know about an SDK log whatever the condenser: which events are on the
 * active branch, which enter the history, and where the agent's LLM calls (steps) are.
 */
export interface PreparedSdkLog {
  readonly events: readonly SdkEvent[];
  /** stepBefore[i] = 1 when an agent LLM call happens just before events[i]. */
  readonly stepBefore: Uint8Array;
  readonly inHistory: Readonly<Record<ReplayMode, Uint8Array>>;
  /** Every event id of the log (a replay's own ids must not collide with them). */
  readonly ids: ReadonlySet<string>;
  /** LLM-visible events left out because they are not on the active branch of the conversation tree. */
  readonly offBranch: number;
}

function isStateUpdate(event: SdkEvent): boolean {
  return event.kind === 'OtherEvent' && event.sdkKind === 'ConversationStateUpdateEvent';
}

/**
 * `path_to_root(active leaf)`: since SDK v1.31 events form a tree through `parent_id`; the View is
 * built from the leaf's ancestors. Events without `parent_id` take the previous event as parent, so
 * logs of older SDKs stay linear. State updates hang off the tree and are never the leaf.
 */
function activeBranch(events: readonly SdkEvent[], leafId: string | null): Uint8Array {
  const onPath = new Uint8Array(events.length);
  if (!events.some((event) => event.parentId !== null)) return onPath.fill(1);
  const indexOf = new Map(events.map((event, i) => [event.id, i]));
  let leaf = leafId !== null ? (indexOf.get(leafId) ?? -1) : -1;
  if (leaf < 0) {
    leaf = events.length - 1;
    while (leaf >= 0 && isStateUpdate(events[leaf]!)) leaf--;
  }
  for (let i = leaf; i >= 0 && onPath[i] === 0;) {
    onPath[i] = 1;
    const parentId = events[i]!.parentId;
    if (parentId === ROOT_PARENT) break;
    i = parentId === null ? i - 1 : (indexOf.get(parentId) ?? -1);
  }
  return onPath;
}

export interface PrepareSdkLogOptions {
  /** `leaf_event_id` from base_state.json: the conversation's HEAD. The last event when absent. */
  readonly leafId?: string | null;
}

/**
 * Finds the steps: one just before each agent ActionEvent or MessageEvent that starts a new LLM
 * response; the later actions of one response share its `llm_response_id` and come from the same call.
 */
export function prepareSdkLog(events: readonly SdkEvent[], options: PrepareSdkLogOptions = {}): PreparedSdkLog {
  const onPath = activeBranch(events, options.leafId ?? null);
  const stepBefore = new Uint8Array(events.length);
  const resimulate = new Uint8Array(events.length);
  let previousResponseId: string | null = null;
  let offBranch = 0;
  events.forEach((event, i) => {
    if (!onPath[i]) {
      if (event.kind !== 'OtherEvent') offBranch++;
      return;
    }
    resimulate[i] = event.kind === 'Condensation' ? 0 : 1;
    if (event.source !== 'agent' || (event.kind !== 'ActionEvent' && event.kind !== 'MessageEvent')) return;
    const responseId = event.responseId;
    stepBefore[i] = responseId === null || responseId !== previousResponseId ? 1 : 0;
    previousResponseId = responseId;
  });
  return {
    events,
    stepBefore,
    inHistory: { recorded: onPath, resimulate },
    ids: new Set(events.map((event) => event.id)),
    offBranch,
  };
}
