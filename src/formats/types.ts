/**
 * The vocabulary every log reader shares. It imports nothing of the project, so the readers
 * (readers/, evalJsonl...) depend on it and never on each other in a circle.
 */

/**
 * One file of a log: its text, or its bytes (archives, and eval JSONL files too big to hold as one
 * string). `path` is the path inside the dropped folder or archive, or the file name.
 */
export type LogFile =
  | { readonly path: string; readonly text: string; readonly bytes?: undefined }
  | { readonly path: string; readonly bytes: Uint8Array; readonly text?: undefined };

export type LogInput =
  | { readonly kind: 'file'; readonly file: LogFile }
  | { readonly kind: 'folder'; readonly name: string; readonly files: readonly LogFile[] };

/**
 * A picked file not read yet: the engine's worker reads it and storage keeps slices of it, so the page
 * never holds (nor copies) a big log's bytes. A File is a Blob; it crosses to a worker as a handle.
 */
export interface UnreadFile {
  readonly kind: 'unread';
  readonly path: string;
  readonly blob: Blob;
}

/** What an import starts from: a log read already, or one file still to be read. */
export type ImportInput = LogInput | UnreadFile;

/** One instance of an evaluation run (a line of output.jsonl, or one conversation of an archive). */
export interface EvalInstance {
  readonly id: string;
  /** 1-based: the line of the JSONL, or the conversation's place in the archive. */
  readonly position: number;
  readonly eventCount: number;
  /** Condensation events the run recorded. */
  readonly condensations: number;
  /** Whether the evaluation resolved it, where the file records that; null when it does not. */
  readonly resolved: boolean | null;
}

/** The raw events found in a log, before each is validated. */
export interface LocatedEvents {
  /** The reader's shape name (readers/index.ts lists them all). */
  readonly shape: string;
  readonly items: readonly unknown[];
  /** Where item i is, for messages: e.g. `line 3: history[12]` or `events/12.json`. */
  readonly label: (index: number) => string;
  readonly instances: readonly EvalInstance[];
  readonly instanceId: string | null;
  readonly notes: readonly string[];
  /** A condenser configuration the log records (eval metadata), if any. */
  readonly recordedCondenser: unknown;
  /** An SDK conversation's base_state.json, parsed (its condenser, model and HEAD). */
  readonly baseState?: unknown;
  /** The eval output line's `metrics` (the run's recorded cost and usage), if any. */
  readonly metrics?: unknown;
}

export interface LocateOptions {
  /** Which eval instance to read: its instance_id, or its 1-based position (line number). */
  readonly instance?: string;
  /** How far reading a JSON file has got, in bytes: a big log takes seconds. */
  readonly progress?: (doneBytes: number, totalBytes: number) => void;
  /**
   * Whether each event's text is kept as the file has it (its byte span, and so the file's bytes), for
   * the event detail and search; default true. The command line shows none and lets the bytes go.
   */
  readonly keepSources?: boolean;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
