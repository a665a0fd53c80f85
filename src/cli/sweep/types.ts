import type { ChatProfile } from '../../engine/index.ts';
import type { LogInput } from '../../formats/index.ts';

/** A configuration of the sweep: a V0 `[condenser]` config, an SDK condenser object, a preset, or the log as recorded. */
export type SweepConfigSpec =
  | { readonly name: string; readonly kind: 'v0' | 'sdk'; readonly value: unknown }
  | { readonly name: string; readonly kind: 'preset'; readonly presetId: string }
  | { readonly name: string; readonly kind: 'recorded' };

/** One instance to replay under every configuration. */
export interface SweepJob {
  readonly index: number;
  /** The file or folder it came from, relative to the sweep's input. */
  readonly source: string;
  readonly input: LogInput;
  /** Which instance of the input (null: the input holds one). */
  readonly instance: string | null;
  /** Why the input cannot be read, when reading it once already said so: its rows carry this error. */
  readonly unreadable?: string;
  /** Which of the sweep's configurations this job replays, [from, to) (absent: all of them). */
  readonly configs?: { readonly from: number; readonly to: number };
}

export interface SweepSettings {
  readonly configs: readonly SweepConfigSpec[];
  /** The agent's provider profile for the usage model (null: from the model's name, as the app does). */
  readonly profile: ChatProfile | null;
  /** The model whose prices apply (null: the model the log records). */
  readonly model: string | null;
}
