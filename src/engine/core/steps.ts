/** What a replay step is, for both engines. */

/** How a replay treats the log: what the agent saw, or what it would have seen with another condenser. */
export type ReplayMode = 'recorded' | 'resimulate';

/** At most this many condenser calls per step; then the replay stops rather than loop forever. */
export const MAX_CONDENSER_CALLS_PER_STEP = 10;

export type FailureKind = 'openhands' | 'llm' | 'loop' | 'internal';

export interface ReplayFailure {
  readonly kind: FailureKind;
  /** Plain words: what happened and what OpenHands would do. */
  readonly message: string;
  /** The exception OpenHands' code raises here, when it is one of its own failures. */
  readonly pythonError: string | null;
}
