import { CHAT_PROFILES, type ChatProfile, isChatProfile } from '../../engine/index.ts';
import { UsageError, modelName } from '../args.ts';

export interface SweepArgs {
  readonly input: string;
  readonly configs: readonly string[];
  /** `--grid` values, each spanning a condenser's parameters (grid.ts). */
  readonly grids: readonly string[];
  readonly out: string | null;
  readonly format: 'csv' | 'json';
  readonly workers: number;
  readonly profile: ChatProfile | null;
  readonly model: string | null;
}

export const SWEEP_USAGE = `Usage: npm run --silent sweep -- <log | eval output.jsonl | folder of logs> --config a.json ... --grid '...' ... [options]

Replays every instance under every configuration (Node worker threads) and writes one row per instance and
configuration: steps, condensations, peak view events and tokens, the agent's input (prompt) tokens at its
peak, on average and in all, with the prompt cache (the usage model), the condenser's prompt tokens, the facts
the agent used that its view had lost (missing_facts, spec/quality.md), the estimated cost in dollars, and errors.

  <input>              an eval output.jsonl of any size (read line by line), a folder or tar.gz of an eval run,
                       a log of any shape the app reads, or a folder of such logs
  --config <c>         repeatable: a file (JSON or a config.toml [condenser] section for V0 logs, an SDK condenser
                       object for SDK logs), preset:<id> (v0-server-default, v0-complexity-trap-masking,
                       sdk-default-condenser, sdk-settings-default), or recorded (the log's own run)
  --grid '<key=values> ...'
                       repeatable: every combination of the values, one configuration each, named by them
                       ("type=llm max_size=80 keep_first=2"). Words are key=values separated by spaces; values
                       are a comma list (keep_first=1,2,4; type=llm,amortized) or an inclusive range
                       start:stop:step (max_size=40:200:40 is 40, 80, 120, 160, 200), read as JSON where they
                       can be (numbers, true, false), else as text. Give type=... (V0) or kind=... (SDK, e.g.
                       kind=LLMSummarizingCondenser); a key goes only to the types that take it, and combinations
                       OpenHands would refuse (keep_first >= max_size // 2...) are left out and counted on stderr.
                       Example: --grid 'type=llm,amortized max_size=40:200:40 keep_first=1,2,4' (30 configurations)
  --out <file>         write there (.csv or .json) instead of stdout; never over the input or a configuration,
                       written beside it and renamed into place, so a failed sweep leaves it as it was
  --format csv|json    default: from --out's extension, else csv
  --workers <n>        worker threads (default 2)
  --profile <p>        the agent's provider profile for the prompt cache: anthropic or openai (default: from the model)
  --model <name>       price the run at this model's list prices (default: the model the log records); a model
                       whose prices are unknown leaves estimated_cost_usd empty, said once on stderr
  --help               show this help

LLM condensers get a placeholder summary for each call (no endpoint is asked): their condensation points are
those of the configuration, the summaries' own length is not. Progress goes to stderr (a bar on a terminal, a
line a second otherwise), ending with the throughput: replays, and configurations × events, per second. With
8 configurations or more, one log's configurations are shared between the workers.

Exit status: 0 with the rows written (rows may carry errors); 2 with a one-line message when the input or a
configuration cannot be used.`;

export function parseSweepArgs(argv: readonly string[]): SweepArgs | 'help' {
  let input: string | null = null;
  const configs: string[] = [];
  const grids: string[] = [];
  const values: Record<string, string | null> = {
    '--out': null,
    '--format': null,
    '--workers': null,
    '--profile': null,
    '--model': null,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return 'help';
    if (arg === '--config' || arg === '--grid' || Object.hasOwn(values, arg)) {
      const value = argv[++i];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
      if (arg === '--config') configs.push(value);
      else if (arg === '--grid') grids.push(value);
      else values[arg] = value;
    } else if (arg.startsWith('--')) {
      throw new UsageError(`unknown option ${arg} (see --help)`);
    } else if (input === null) {
      input = arg;
    } else {
      throw new UsageError(`unexpected argument ${arg}: give one input`);
    }
  }
  if (input === null) throw new UsageError('no input given (see --help)');
  if (configs.length === 0 && grids.length === 0) throw new UsageError('give at least one --config or --grid');
  const out = values['--out'] ?? null;
  const format = values['--format'] ?? (out?.endsWith('.json') ? 'json' : 'csv');
  if (format !== 'csv' && format !== 'json') throw new UsageError(`unknown --format ${format} (csv or json)`);
  const workers = values['--workers'] === null ? 2 : Number(values['--workers']);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64)
    throw new UsageError(`--workers must be a whole number from 1 to 64, not ${values['--workers']}`);
  const profile = values['--profile'] ?? null;
  if (profile !== null && !isChatProfile(profile))
    throw new UsageError(`unknown --profile ${profile} (known: ${CHAT_PROFILES.join(', ')})`);
  const model = modelName('--model', values['--model'] ?? null);
  return { input, configs, grids, out, format, workers, profile, model };
}
