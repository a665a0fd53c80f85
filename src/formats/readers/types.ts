import type { LocateOptions, LocatedEvents, LogFile } from '../types.ts';

/** What a reader is handed: a parsed JSON document (a list or an object), a JSONL file, or a folder's files. */
export type ReaderInput =
  | { readonly kind: 'list'; readonly items: unknown[]; readonly where: string }
  | { readonly kind: 'object'; readonly value: Record<string, unknown> }
  | { readonly kind: 'lines'; readonly file: LogFile; readonly resolvedIds: ReadonlySet<string> | null }
  | {
      readonly kind: 'folder';
      readonly name: string;
      readonly files: readonly LogFile[];
      readonly resolvedIds: ReadonlySet<string> | null;
    };

/**
 * One log format: its shape name and label, the engine that replays it, and how its events are found.
 * `locate` returns null when the input is not of this format; it throws a LogFormatError (naming where
 * and what) when it is, but is broken. A shape another reader produces (the SDK twin of a container)
 * has no `locate`.
 */
export interface LogReader {
  readonly shape: string;
  readonly label: string;
  readonly flavor: 'v0' | 'sdk';
  readonly reads?: ReaderInput['kind'];
  locate?(input: ReaderInput, options: LocateOptions): LocatedEvents | null;
}

/** Keeps a reader's shape name as a literal, so the list of readers can name every shape. */
export function defineReader<const Shape extends string>(
  reader: LogReader & { readonly shape: Shape },
): LogReader & { readonly shape: Shape } {
  return reader;
}
