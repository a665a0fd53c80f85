import { CHAT_PROFILES, type ChatProfile, isChatProfile } from '../../engine/index.ts';
import { UsageError } from '../args.ts';

export interface SweepArgs {
  readonly input: string;
  readonly configs: readonly string[];
  readonly out: string | null;
  readonly format: 'csv' | 'json';
  readonly workers: number;
  readonly profile: ChatProfile | null;
  readonly model: string | null;
}

export const SWEEP_USAGE = `Usage: npm run --silent sweep -- <eval output.jsonl | folder of logs> --config a.json --config b.toml ... [options]

Replays every instance under every configuration (Node worker threads) and writes one row per instance and
configuration: steps, condensations, peak view events and tokens, the agent's prompt tokens with the prompt
cache (the usage model), the condenser's prompt tokens, the estimated cost in dollars, and errors.

  <input>              an eval output.jsonl of any size (read line by line), a folder or tar.gz of an eval run,
                       a log of any shape the app reads, or a folder of such logs
  --config <c>         repeatable: a file (JSON or a config.toml [condenser] section for V0 logs, an SDK condenser
                       object for SDK logs), preset:<id> (v0-server-default, v0-complexity-trap-masking,
                       sdk-default-condenser, sdk-settings-default), or recorded (the log's own run)
  --out <file>         write there (.csv or .json) instead of stdout; never over the input or a configuration,
                       written beside it and renamed into place, so a failed sweep leaves it as it was
  --format csv|json    default: from --out's extension, else csv
  --workers <n>        worker threads (default 2)
  --profile <p>        the agent's provider profile for the prompt cache: anthropic or openai (default: from the model)
  --model <name>       price the run at this model's list prices (default: the model the log records)
  --help               show this help

LLM condensers get a placeholder summary for each call (no endpoint is asked): their condensation points are
those of the configuration, the summaries' own length is not. A progress line goes to stderr.

Exit status: 0 with the rows written (rows may carry errors); 2 with a one-line message when the input or a
configuration cannot be used.`;

export function parseSweepArgs(argv: readonly string[]): SweepArgs | 'help' {
  let input: string | null = null;
  const configs: string[] = [];
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
    if (arg === '--config' || Object.hasOwn(values, arg)) {
      const value = argv[++i];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
      if (arg === '--config') configs.push(value);
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
  if (configs.length === 0) throw new UsageError('give at least one --config');
  const out = values['--out'] ?? null;
  const format = values['--format'] ?? (out?.endsWith('.json') ? 'json' : 'csv');
  if (format !== 'csv' && format !== 'json') throw new UsageError(`unknown --format ${format} (csv or json)`);
  const workers = values['--workers'] === null ? 2 : Number(values['--workers']);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64)
    throw new UsageError(`--workers must be a whole number from 1 to 64, not ${values['--workers']}`);
  const profile = values['--profile'] ?? null;
  if (profile !== null && !isChatProfile(profile))
    throw new UsageError(`unknown --profile ${profile} (known: ${CHAT_PROFILES.join(', ')})`);
  return { input, configs, out, format, workers, profile, model: values['--model'] ?? null };
}
