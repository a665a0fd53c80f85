import Papa from 'papaparse';
import { z } from 'zod';
import { LogFormatError, parseJson } from './errors.ts';

/**
 * A sweep's result: one row per instance and configuration, written by `npm run sweep` as CSV (for
 * spreadsheets) or JSON, and opened by the app as a table. papaparse writes and reads the CSV (quoting,
 * commas and newlines in error messages).
 */
export const SWEEP_FORMAT = 'condenser-inspector-sweep';

/** The most configurations one sweep replays (each is a replay of every instance); a result holding more was not written by it. */
export const MAX_SWEEP_CONFIGS = 10_000;
export const SWEEP_VERSION = 2;

const count = z.number().int().nonnegative().nullable();
/** A column version 1 did not have: read as null from its files. */
const added = <T extends z.ZodType>(schema: T) => schema.nullable().default(null);

const rowSchema = z.strictObject({
  /** The log file (or folder) the instance came from, relative to the sweep's input. */
  source: z.string(),
  instance: z.string().nullable(),
  /** The configuration's name (its file name, a preset id, or "recorded"). */
  config: z.string(),
  steps: count,
  condensations: count,
  peak_view_events: count,
  peak_view_tokens: count,
  /** The agent's prompt tokens at its largest step and on average over the steps (the usage model's estimate). */
  peak_input_tokens: added(z.number().int().nonnegative()),
  mean_input_tokens: added(z.number().nonnegative()),
  /** The agent's prompt tokens over every step, as the usage model estimates them (cache reads and writes included). */
  agent_prompt_tokens: count,
  cache_read_tokens: count,
  cache_write_tokens: count,
  /** Prompt tokens of the condenser's own LLM calls (summaries). */
  condenser_prompt_tokens: count,
  /** Summaries that no recorded answer gave: a placeholder stood in (the condensation points hold, the summary's length does not). */
  placeholder_summaries: count,
  /** Facts the agent used that its view had lost, over the run (spec/quality.md: the trace's `quality.missing_used`). */
  missing_facts: added(z.number().int().nonnegative()),
  model: z.string().nullable(),
  estimated_cost_usd: z.number().nonnegative().nullable(),
  error: z.string().nullable(),
});

export type SweepRow = z.output<typeof rowSchema>;
export const SWEEP_COLUMNS = Object.keys(rowSchema.shape) as (keyof SweepRow)[];
/** The columns of version 1's CSV, which the app still opens. */
const V1_COLUMNS = SWEEP_COLUMNS.filter(
  (column) => column !== 'peak_input_tokens' && column !== 'mean_input_tokens' && column !== 'missing_facts',
);
const TEXT_COLUMNS: ReadonlySet<string> = new Set(['source', 'instance', 'config', 'model', 'error']);

const configSchema = z.strictObject({ name: z.string(), config: z.unknown(), sdkRules: z.string().nullable() });
export type SweepConfig = z.infer<typeof configSchema>;

const resultSchema = z.strictObject({
  format: z.literal(SWEEP_FORMAT),
  version: z.union([z.literal(1), z.literal(SWEEP_VERSION)]),
  input: z.string(),
  configs: z.array(configSchema),
  rows: z.array(rowSchema),
});

export type SweepResult = z.output<typeof resultSchema>;

function pathOf(issue: z.core.$ZodIssue): string {
  return issue.path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('')
    .replace(/^\./, '');
}

export function writeSweepJson(result: SweepResult): string {
  return `${JSON.stringify(result, null, 1)}\n`;
}

/** CSV: the row columns, then `config_json` (the configuration, so a row can be opened again). */
export function sweepCsvHeader(): string {
  return `${Papa.unparse([[...SWEEP_COLUMNS, 'config_json']])}\n`;
}

export function sweepCsvRows(rows: readonly SweepRow[], configs: readonly SweepConfig[]): string {
  if (rows.length === 0) return '';
  const byName = new Map(configs.map((config) => [config.name, config]));
  const cells = rows.map((row) => [
    ...SWEEP_COLUMNS.map((column) => row[column] ?? ''),
    JSON.stringify(byName.get(row.config)?.config ?? null),
  ]);
  return `${Papa.unparse(cells)}\n`;
}

/** Whether a file is a sweep result (JSON or CSV), by its first characters. */
export function isSweepResultText(text: string): boolean {
  const head = text.slice(0, 400);
  return (
    head.includes(`"${SWEEP_FORMAT}"`) ||
    [SWEEP_COLUMNS, V1_COLUMNS].some((columns) => head.startsWith(`${columns.join(',')},config_json`))
  );
}

function fromCsv(text: string, where: string): SweepResult {
  const parsed = Papa.parse<string[]>(text.trim(), { skipEmptyLines: true });
  const [header, ...lines] = parsed.data;
  const columns = [SWEEP_COLUMNS, V1_COLUMNS].find(
    (known) => header?.join(',') === [...known, 'config_json'].join(','),
  );
  const expected = [...(columns ?? SWEEP_COLUMNS), 'config_json'];
  if (!columns) throw new LogFormatError(where, `not a sweep CSV (expected the columns ${expected.join(', ')})`);
  const configs = new Map<string, SweepConfig>();
  const rows = lines.map((cells, i) => {
    const line = `${where}: line ${i + 2}`;
    if (cells.length !== expected.length)
      throw new LogFormatError(line, `expected ${expected.length} cells, found ${cells.length}`);
    const record: Record<string, unknown> = {};
    columns.forEach((column, k) => {
      const cell = cells[k]!;
      record[column] =
        cell === ''
          ? column === 'source' || column === 'config'
            ? ''
            : null
          : TEXT_COLUMNS.has(column)
            ? cell
            : Number(cell);
    });
    const name = String(record.config);
    if (!configs.has(name))
      configs.set(name, {
        name,
        config: parseJson(cells[expected.length - 1]!, `${line}: config_json`),
        sdkRules: null,
      });
    return record;
  });
  return checked(
    { format: SWEEP_FORMAT, version: SWEEP_VERSION, input: where, configs: [...configs.values()], rows },
    where,
  );
}

function checked(value: unknown, where: string): SweepResult {
  const result = resultSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new LogFormatError(`${where}: ${pathOf(issue)}`, issue.message);
  }
  return withinBounds(result.data, where);
}

/** A result with more configurations than a sweep makes is refused: the app draws and lists one point per configuration. */
function withinBounds(result: SweepResult, where: string): SweepResult {
  const names = new Set(result.configs.map((config) => config.name));
  for (const row of result.rows) names.add(row.config);
  if (names.size > MAX_SWEEP_CONFIGS)
    throw new LogFormatError(
      where,
      `it holds ${names.size} configurations, more than the ${MAX_SWEEP_CONFIGS} a sweep makes`,
    );
  return result;
}

/** Reads a sweep result written by `npm run sweep` (JSON or CSV); anything else gets a line naming the problem. */
export function parseSweepResult(text: string, where = 'sweep result'): SweepResult {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{')) return fromCsv(text, where);
  const value = parseJson(text, where);
  if (
    typeof value === 'object' &&
    value !== null &&
    (value as { format?: unknown }).format === SWEEP_FORMAT &&
    typeof (value as { version?: unknown }).version === 'number' &&
    (value as { version: number }).version > SWEEP_VERSION
  ) {
    throw new LogFormatError(
      where,
      `this sweep was written by a newer Condenser Inspector (version ${(value as { version: number }).version}); update the app to open it`,
    );
  }
  return checked(value, where);
}
