import { LogFormatError, parseJson } from './errors.ts';
import { foreignFormat } from './foreignFormats.ts';
import { chooseInstance, countCondensations, resolvedOf, severalInstancesNote, wantedPosition } from './instances.ts';
import { firstLine, forEachLine } from './logFile.ts';
import { located } from './located.ts';
import { type EvalInstance, type LocateOptions, type LocatedEvents, type LogFile, isRecord } from './types.ts';

interface Chosen {
  readonly record: Record<string, unknown>;
  readonly label: string;
  readonly history: unknown;
}

/**
 * Eval outputs: one instance per line, each with `history`. Files run to hundreds of megabytes, so
 * every line is parsed, summed up (events, condensations, resolved) and dropped, except the chosen one.
 */
export class EvalScan {
  readonly instances: EvalInstance[] = [];
  private first: Chosen | null = null;
  private byId: Chosen | null = null;
  private byPosition: Chosen | null = null;
  private sample: unknown;

  constructor(
    private readonly options: LocateOptions,
    /** Instance ids a report beside the file lists as resolved (SWE-bench's report.json). */
    private readonly resolvedIds: ReadonlySet<string> | null = null,
  ) {}

  add(
    record: Record<string, unknown>,
    lineNumber: number,
    override: { id?: string; history?: unknown; label?: string } = {},
  ): void {
    const position = this.instances.length + 1;
    const id = override.id ?? String(record.instance_id ?? record.id ?? `line ${lineNumber}`);
    const history = 'history' in override ? override.history : record.history;
    const events = Array.isArray(history) ? history : [];
    if (this.sample === undefined && events.length > 0) this.sample = events[0];
    const resolved = resolvedOf(record) ?? (this.resolvedIds ? this.resolvedIds.has(id) : null);
    this.instances.push({
      id,
      position,
      eventCount: events.length,
      condensations: countCondensations(events),
      resolved,
    });
    const entry: Chosen = { record, label: override.label ?? `line ${lineNumber}: history`, history };
    this.first ??= entry;
    if (this.byId === null && id === this.options.instance) this.byId = entry;
    if (this.byPosition === null && position === wantedPosition(this.options.instance)) this.byPosition = entry;
  }

  finish(shape: string): LocatedEvents {
    if (this.instances.length === 0) throw new LogFormatError('', 'the file is empty');
    const index = chooseInstance(this.instances, this.options.instance);
    const chosen = (this.options.instance === undefined ? this.first : (this.byId ?? this.byPosition))!;
    const instance = this.instances[index]!;
    if (Array.isArray(this.sample) && shape === 'v0-eval-jsonl')
      return legacyPairs(this.finishAs('v0-legacy-pairs', chosen, instance));
    if (
      isRecord(this.sample) &&
      !('id' in this.sample) &&
      !('args' in this.sample) &&
      !('extras' in this.sample) &&
      !('kind' in this.sample)
    ) {
      throw new LogFormatError(
        'history',
        'this is an OpenHands resolver output from 2024 whose history items carry no ids (nor sources); condensers forget events by id, so it cannot be replayed',
      );
    }
    return this.finishAs(shape, chosen, instance);
  }

  private finishAs(shape: string, chosen: Chosen, instance: EvalInstance): LocatedEvents {
    if (!Array.isArray(chosen.history)) throw new LogFormatError(chosen.label, 'this instance has no event history');
    const metadata = isRecord(chosen.record.metadata) ? chosen.record.metadata : {};
    return located(shape, chosen.history, (i) => `${chosen.label}[${i}]`, {
      instances: this.instances,
      instanceId: instance.id,
      notes: severalInstancesNote(this.instances, instance.id),
      recordedCondenser: metadata.condenser_config ?? null,
      metrics: chosen.record.metrics ?? null,
    });
  }
}

/**
 * The 2024 [action, observation] pairs: flattened. The observation half of a pair with nothing to
 * observe is an id-less NullObservation, which the agent's history drops anyway.
 */
function legacyPairs(found: LocatedEvents): LocatedEvents {
  const items: unknown[] = [];
  const origins: string[] = [];
  found.items.forEach((pair, i) => {
    const halves = Array.isArray(pair) ? pair : [pair];
    halves.forEach((half, j) => {
      if (isRecord(half) && half.observation === 'null' && half.id === undefined) return;
      items.push(half);
      origins.push(`${found.label(i)}[${j}]`);
    });
  });
  return { ...found, items, label: (i) => origins[i] ?? `event ${i}` };
}

/** A file whose first line is a JSON object and which has more lines: JSONL (a one-line JSON file is not). */
export function looksLikeJsonl(file: LogFile): boolean {
  const { line, more } = firstLine(file);
  if (!more || line === null || !line.trimStart().startsWith('{')) return false;
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

/** Eval output (lines with `history`) or events one per line. */
export function locateJsonl(
  file: LogFile,
  options: LocateOptions,
  resolvedIds: ReadonlySet<string> | null = null,
): LocatedEvents {
  let mode: 'eval' | 'events' | null = null;
  const scan = new EvalScan(options, resolvedIds);
  const events: Record<string, unknown>[] = [];
  forEachLine(file, (line, n) => {
    if (line.trim() === '') return;
    const value = parseJson(line, `line ${n}`);
    if (!isRecord(value)) {
      const foreign = mode === null ? foreignFormat(value) : null;
      throw new LogFormatError(`line ${n}`, foreign ?? 'expected a JSON object on each line');
    }
    if (mode === null) {
      const foreign = Array.isArray(value.history) ? null : foreignFormat(value);
      if (foreign) throw new LogFormatError(`line ${n}`, foreign);
      mode = Array.isArray(value.history) ? 'eval' : 'events';
    }
    if (mode === 'eval') scan.add(value, n);
    else events.push(value);
  });
  if (mode === null) throw new LogFormatError(file.path, 'the file is empty');
  if (mode === 'eval') return scan.finish('v0-eval-jsonl');
  return located('v0-events-jsonl', events, (i) => `line ${i + 1}`);
}

/** An eval run's output.jsonl inside a folder or archive (the one JSONL file, or the one named output.jsonl). */
export function evalJsonlOf(files: readonly LogFile[]): LogFile | undefined {
  const jsonl = files.filter((file) => file.path.endsWith('.jsonl'));
  return jsonl.length === 1 ? jsonl[0] : jsonl.find((file) => /(?:^|\/)output\.jsonl$/.test(file.path));
}
