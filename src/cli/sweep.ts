import { isMainThread, workerData } from 'node:worker_threads';
import {
  ConfigTextError,
  LogFormatError,
  MAX_SWEEP_CONFIGS,
  SWEEP_FORMAT,
  SWEEP_VERSION,
  type SweepRow,
  sweepCsvHeader,
  sweepCsvRows,
  writeSweepJson,
} from '../formats/index.ts';
import { pricesFor } from '../inspect/index.ts';
import { UsageError } from './args.ts';
import { oneLineMessage } from './replayCommand.ts';
import { SWEEP_USAGE, type SweepArgs, parseSweepArgs } from './sweep/args.ts';
import { describeConfig, readSweepConfig, uniqueNames } from './sweep/configs.ts';
import { parseGrid } from './sweep/grid.ts';
import { checkSweepInput, sweepJobs } from './sweep/jobs.ts';
import { runPool } from './sweep/pool.ts';
import { sweepProgress } from './sweep/progress.ts';
import type { SweepConfigSpec, SweepSettings } from './sweep/types.ts';
import { runSweepWorker } from './sweep/worker.ts';
import { OutputError, type ResultFile, openResultFile, outputFailure, writeAllSync } from './resultFile.ts';

/** Standard output as a result file: written synchronously (a pipe may be slow to drain). */
const standardOutput: ResultFile = {
  write(text) {
    try {
      writeAllSync(1, text);
    } catch (error) {
      throw outputFailure(error, 'the rows to standard output');
    }
  },
  finish() {},
  abandon() {},
};

/** The inputs `--out` must not be: the log or folder swept, and each configuration file. */
function inputsOf(input: string, configs: readonly string[]) {
  const files = configs.filter((config) => config !== 'recorded' && !config.startsWith('preset:'));
  return [{ path: input, what: 'input' }, ...files.map((path) => ({ path, what: 'configuration' }))];
}

async function main(argv: readonly string[]): Promise<void> {
  const args = parseSweepArgs(argv);
  if (args === 'help') {
    process.stdout.write(`${SWEEP_USAGE}\n`);
    return;
  }
  // Checked and opened before any work: a destination that cannot be written fails at once.
  const out = args.out === null ? standardOutput : openResultFile(args.out, inputsOf(args.input, args.configs));
  try {
    const untold = await sweep(args, out);
    out.finish();
    // Said once the rows are where they were asked to go.
    if (untold !== null) process.stderr.write(`sweep: ${oneLineMessage(untold)}\n`);
  } catch (error) {
    out.abandon();
    throw error;
  }
}

/** The configurations of `--config` and `--grid`, in that order, and the lines that tell a grid's refused combinations. */
function sweepConfigs(args: SweepArgs): { configs: SweepConfigSpec[]; leftOut: string[] } {
  const tooMany = () => new UsageError(`more than the ${MAX_SWEEP_CONFIGS} configurations a sweep takes`);
  if (args.configs.length > MAX_SWEEP_CONFIGS) throw tooMany();
  const specs = args.configs.map(readSweepConfig);
  const leftOut: string[] = [];
  for (const text of args.grids) {
    const grid = parseGrid(text);
    if (grid.refused)
      leftOut.push(
        `--grid left out ${grid.refused} combination${grid.refused === 1 ? '' : 's'} OpenHands refuses (${oneLineMessage(grid.firstRefusal ?? '')})`,
      );
    specs.push(...grid.configs);
    // Counted as each grid is read: many grids are refused before every one of them is built.
    if (specs.length > MAX_SWEEP_CONFIGS) throw tooMany();
  }
  // A refusal is the only line: what the grids left out is part of it.
  if (specs.length === 0) throw new UsageError(['the grid leaves no configuration to sweep', ...leftOut].join('; '));
  return { configs: uniqueNames(specs), leftOut };
}

/** Writes the rows; returns what is left to say of their dollars (null: nothing). */
async function sweep(args: SweepArgs, out: ResultFile): Promise<string | null> {
  const { configs, leftOut } = sweepConfigs(args);
  const settings: SweepSettings = { configs, profile: args.profile, model: args.model };
  const rows: SweepRow[] = [];
  // Before the header and what the grids left out: a missing input is the command's only output.
  checkSweepInput(args.input);
  for (const line of leftOut) process.stderr.write(`sweep: ${line}\n`);
  // The same model prices every row, so it is said once, here; each row's cost stays empty (unknown), not $0.
  if (args.model !== null && pricesFor(args.model, {}) === null)
    process.stderr.write(
      `sweep: ${oneLineMessage(`the prices of --model ${args.model} are unknown, so dollars are not estimated (estimated_cost_usd is left empty)`)}\n`,
    );
  if (args.format === 'csv') out.write(sweepCsvHeader());
  const described = configs.map(describeConfig);
  let errors = 0;
  const unpriced = unpricedModels();
  const progress = sweepProgress(configs.length, process.stderr.isTTY === true, (text) => process.stderr.write(text));
  await runPool(
    new URL(import.meta.url),
    args.workers,
    settings,
    sweepJobs(args.input),
    (instanceRows) => {
      errors += instanceRows.filter((row) => row.error !== null).length;
      if (args.model === null) unpriced.note(instanceRows);
      if (args.format === 'csv') out.write(sweepCsvRows(instanceRows, described));
      else rows.push(...instanceRows);
    },
    (state) => progress(state, errors),
  );
  if (args.format === 'json')
    out.write(
      writeSweepJson({ format: SWEEP_FORMAT, version: SWEEP_VERSION, input: args.input, configs: described, rows }),
    );
  return unpriced.line();
}

/** How many models a line about unknown prices names before it counts the rest. */
const MODELS_NAMED = 5;

/**
 * The instances whose own model (no --model given) has no known prices, or that record none: their
 * dollars are left empty, and the end of the sweep says so in one line.
 */
function unpricedModels() {
  const instancesOf = new Map<string | null, Set<string>>();
  return {
    note(rows: readonly SweepRow[]) {
      for (const row of rows) {
        if (row.error !== null || pricesFor(row.model, {}) !== null) continue;
        const instances = instancesOf.get(row.model) ?? new Set<string>();
        instances.add(`${row.source}\u0000${row.instance ?? ''}`);
        instancesOf.set(row.model, instances);
      }
    },
    line(): string | null {
      if (instancesOf.size === 0) return null;
      const named = [...instancesOf].map(([model, instances]) => {
        const count = `${instances.size} ${instances.size === 1 ? 'instance' : 'instances'}`;
        return model === null ? `no model recorded (${count})` : `${model} (${count})`;
      });
      const shown = named.slice(0, MODELS_NAMED).join(', ');
      const more = named.length > MODELS_NAMED ? ` and ${named.length - MODELS_NAMED} more` : '';
      return `no prices are known for ${shown}${more}, so their dollars are not estimated (estimated_cost_usd is left empty); --model prices them all`;
    },
  };
}

/** The one line a failed sweep prints. */
function failureLine(error: unknown): string {
  const known =
    error instanceof UsageError ||
    error instanceof LogFormatError ||
    error instanceof ConfigTextError ||
    error instanceof OutputError;
  const message = known
    ? (error as Error).message
    : `unexpected failure: ${error instanceof Error ? error.message : String(error)}`;
  return `sweep: ${oneLineMessage(message)}\n`;
}

/** Ends the command the contracted way: one line on stderr (if it can still be written), exit status 2. */
function fail(error: unknown): never {
  try {
    writeAllSync(2, failureLine(error));
  } catch {
    // stderr is gone too: the exit status still tells.
  }
  process.exit(2);
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === 'sweep-worker') {
  runSweepWorker();
} else {
  // Whatever escapes (a failure in a callback, a rejected promise nobody awaited) ends the same way.
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);
  try {
    await main(process.argv.slice(2));
  } catch (error) {
    fail(error);
  }
}
