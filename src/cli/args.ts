export interface CliArgs {
  readonly log: string;
  readonly config: string | null;
  readonly llmScript: string | null;
  readonly recorded: boolean;
  readonly instance: string | null;
  readonly tokens: boolean;
  readonly pretty: boolean;
  readonly timing: boolean;
}

export class UsageError extends Error {}

export const USAGE = `Usage: npm run --silent replay -- <log> --config <config.json|config.toml> [options]

Replays an OpenHands event log through OpenHands' condensers and prints the trace (JSON) on stdout.

  <log>                  a log file (event list, {"trajectory": [...]}, eval JSONL) or a folder of events/<id>.json
  --config <file>        condenser configuration: JSON ({"type": "llm", "max_size": 40}) or the
                         [condenser] section of a config.toml; required unless --recorded
  --llm-script <file>    JSON list of LLM answers for llm, structured and llm_attention, in call order:
                         {"content": "..."} or {"tool_calls": [{"name": "create_state_summary", "arguments": "..."}]}
  --recorded             show what the agent actually saw (the log's own condensations); no condenser runs
  --instance <id>        which instance of an eval JSONL to replay (instance_id or line number; default: the first)
  --tokens               add each step's token estimate as "view_tokens" (o200k tokenizer)
  --pretty               indent the JSON
  --timing               print how long each phase took on stderr
  --help                 show this help

Exit status: 0 with the trace on stdout; 2 with a one-line message on stderr when the log or the
configuration cannot be used.`;

/** Parses the command line; throws UsageError for anything it does not understand. */
export function parseArgs(argv: readonly string[]): CliArgs | 'help' {
  let log: string | null = null;
  const values: Record<string, string | null> = { '--config': null, '--llm-script': null, '--instance': null };
  const flags = { '--recorded': false, '--tokens': false, '--pretty': false, '--timing': false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return 'help';
    if (arg in values) {
      const value = argv[++i];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
      values[arg] = value;
    } else if (arg in flags) {
      flags[arg as keyof typeof flags] = true;
    } else if (arg.startsWith('--')) {
      throw new UsageError(`unknown option ${arg} (see --help)`);
    } else if (log === null) {
      log = arg;
    } else {
      throw new UsageError(`unexpected argument ${arg}: give one log`);
    }
  }
  if (log === null) throw new UsageError('no log given (see --help)');
  if (!flags['--recorded'] && values['--config'] === null) throw new UsageError('--config is required unless --recorded');
  return {
    log,
    config: values['--config'] ?? null,
    llmScript: values['--llm-script'] ?? null,
    recorded: flags['--recorded'],
    instance: values['--instance'] ?? null,
    tokens: flags['--tokens'],
    pretty: flags['--pretty'],
    timing: flags['--timing'],
  };
}
