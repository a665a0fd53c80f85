import { AGENT_PROFILES, type AgentProfile, isAgentProfile, sdk } from '../engine/index.ts';
import { DEFAULT_SAMPLES, MAX_SAMPLES } from '../inspect/index.ts';

export interface CliArgs {
  readonly log: string;
  readonly config: string | null;
  readonly llmScript: string | null;
  readonly recorded: boolean;
  readonly instance: string | null;
  readonly tokens: boolean;
  readonly pretty: boolean;
  readonly timing: boolean;
  /** Which SDK's rules an SDK log is replayed under; null: the rules of the SDK that wrote it. */
  readonly sdkRules: sdk.SdkRules | null;
  /** `--messages <profile>`: add the agent's chat messages to every step. */
  readonly messages: AgentProfile | null;
  /** `--usage <profile>`: add the estimated (and recorded) prompt usage to every step; `auto`: each call by its model's profile. */
  readonly usage: AgentProfile | null;
  /** `--templates DIR`: prompt templates (additional_info.j2, microagent_info.j2, system_prompt.j2). */
  readonly templates: string | null;
  /** `--compact`: each step's view as a difference from the previous one. */
  readonly compact: boolean;
  /** `--quality`: the facts each step's view had lost that the agent used (spec/quality.md). */
  readonly quality: boolean;
  /** A full trace larger than this (GB) is refused before anything is written. */
  readonly maxTraceGb: number;
  /** `--infer-config`: print the configuration that reproduces the log's recorded condensations, instead of a trace. */
  readonly inferConfig: boolean;
  /** `--log-summaries`: summarizer calls take the log's summary of exactly the same events; placeholders otherwise. */
  readonly logSummaries: boolean;
  /** `--out <file>`: the trace goes there (written beside it, then renamed) instead of stdout. */
  readonly out: string | null;
  /** `--counterfactual <step>` and its options: the one-step counterfactual (issue 19). */
  readonly counterfactual: CounterfactualArgs | null;
}

export interface CounterfactualArgs {
  readonly step: number;
  readonly samples: number;
  /** The endpoint asked for the answers not in `answers` (null: every answer must be there). */
  readonly endpoint: string | null;
  readonly model: string;
  /** `--answers <file>`: read the answers recorded there, and write them all back. */
  readonly answers: string | null;
}

export class UsageError extends Error {}

/** A V0 log needs a configuration to re-simulate (an SDK log may bring its own). */
export const CONFIG_REQUIRED = '--config is required unless --recorded';

export const USAGE = `Usage: npm run --silent replay -- <log> --config <config.json|config.toml> [options]

Replays an OpenHands event log through OpenHands' condensers and prints the trace (JSON) on stdout.

  <log>                  a log file (event list, {"trajectory": [...]}, eval JSONL of any size), a folder of events/<id>.json,
                         the web UI's V1 download (zip) or an eval run's outputs (tar.gz, folder)
  --config <file>        condenser configuration: JSON ({"type": "llm", "max_size": 40}) or the
                         [condenser] section of a config.toml; required unless --recorded
  --llm-script <file>    JSON list of LLM answers for llm, structured and llm_attention, in call order:
                         {"content": "..."} or {"tool_calls": [{"name": "create_state_summary", "arguments": "..."}]}
  --log-summaries        answer summarizer calls with the log's own summaries, each only for a call that forgets
                         exactly the events its recorded condensation forgot (any other call gets a placeholder,
                         said on stderr); instead of --llm-script
  --infer-config         print the condenser configuration (JSON) that reproduces the log's recorded condensations
                         (the one the log records, else read off its condensations and checked by re-simulating with
                         --log-summaries); how many it reproduces on stderr; no trace
  --recorded             show what the agent actually saw (the log's own condensations); no condenser runs
  --instance <id>        which instance of an eval run to replay (instance_id, conversation folder name or 1-based
                         position; default: the first)
  --tokens               add each step's token estimate as "view_tokens" (o200k tokenizer)
  --messages <profile>   add each step's chat messages as the agent's LLM received them ("messages");
                         profile: anthropic (prompt caching on) or openai (caching off)
  --usage <profile>      add each step's estimated prompt usage ("usage": prompt, cache read and cache write
                         tokens, and the model) and, where the log recorded it, "recorded_usage" (its usage, model and
                         cost), and the run's recorded bill (top-level "recorded_usage": agent and condenser calls, by
                         role and by model); profile: auto (each call by its own model: Claude with cache breakpoints,
                         others with automatic caching), anthropic or openai
  --templates <dir>      prompt templates for the messages (additional_info.j2, microagent_info.j2,
                         system_prompt.j2); default: the inspector's own wording
  --quality              add each step's facts seen, in view and used although lost ("quality": spec/quality.md)
                         and their totals (top-level "quality")
  --compact              write each step's view as a difference from the previous step's ("view_delta":
                         {"keep": K, "add": [...]}: the previous view's first K items, then these); for long logs
  --max-trace-gb <n>     write a full trace of up to n GB (default 2); a larger one is refused before anything
                         is written, suggesting --compact
  --out <file>           write the trace to this file instead of stdout (never over the log or a configuration;
                         written beside it and renamed into place, so a failed replay leaves it as it was)
  --counterfactual <n>   at step n of the replay under --config, ask the agent's model what it would answer to the
                         request the configuration built, and to the recorded run's request (the noise floor),
                         --samples times each; adds "counterfactual" (recorded_action, baseline and candidate answers,
                         agreement: the share of answers with the recorded action's tool and command or file)
  --samples <k>          answers asked per side (default ${DEFAULT_SAMPLES}, at most ${MAX_SAMPLES})
  --endpoint <url>       the OpenAI-compatible endpoint asked (e.g. https://api.openai.com/v1); the key is read
                         from OPENAI_API_KEY and sent nowhere else
  --model <name>         the model asked (required with --counterfactual; recorded answers are kept by model)
  --answers <file>       answers recorded by an earlier run are reused from this file and all are written back, so
                         the counterfactual replays offline: without --endpoint every answer must be in it
  --pretty               indent the JSON
  --timing               print how long each phase took on stderr
  --sdk-rules <version>  SDK logs only: replay under the rules of SDK 1.43.1 (pinned) or of the 2025-09 agent-sdk;
                         default: the rules of the SDK that wrote the log (2025-09 for logs that serialize "kind" first)
  --help                 show this help

SDK (V1) logs: a conversation folder (base_state.json + events/), a folder of event-NNNNN-<id>.json files,
a list, JSONL or eval JSONL of SDK events. Their --config is an SDK condenser object as found under
agent.condenser in base_state.json ({"kind": "LLMSummarizingCondenser", "max_size": 80, "keep_first": 4};
"llm" is ignored); without --config, the log's own base_state.json condenser is used.

Exit status: 0 with the trace on stdout; 2 with a one-line message on stderr when the log or the
configuration cannot be used.`;

/** Parses the command line; throws UsageError for anything it does not understand. */
export function parseArgs(argv: readonly string[]): CliArgs | 'help' {
  let log: string | null = null;
  const values: Record<string, string | null> = {
    '--config': null,
    '--llm-script': null,
    '--instance': null,
    '--sdk-rules': null,
    '--messages': null,
    '--usage': null,
    '--templates': null,
    '--max-trace-gb': null,
    '--out': null,
    '--counterfactual': null,
    '--samples': null,
    '--endpoint': null,
    '--model': null,
    '--answers': null,
  };
  const flags = {
    '--recorded': false,
    '--tokens': false,
    '--pretty': false,
    '--timing': false,
    '--compact': false,
    '--quality': false,
    '--infer-config': false,
    '--log-summaries': false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return 'help';
    if (Object.hasOwn(values, arg)) {
      const value = argv[++i];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
      values[arg] = value;
    } else if (Object.hasOwn(flags, arg)) {
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
  const profile = (option: '--messages' | '--usage'): AgentProfile | null => {
    const value = values[option] ?? null;
    if (value !== null && !isAgentProfile(value))
      throw new UsageError(`unknown ${option} profile ${value} (known: ${AGENT_PROFILES.join(', ')})`);
    return value;
  };
  return {
    log,
    config: values['--config'] ?? null,
    llmScript: values['--llm-script'] ?? null,
    recorded: flags['--recorded'],
    instance: values['--instance'] ?? null,
    tokens: flags['--tokens'],
    pretty: flags['--pretty'],
    timing: flags['--timing'],
    sdkRules: sdkRulesArg(values['--sdk-rules'] ?? null),
    messages: profile('--messages'),
    usage: profile('--usage'),
    templates: values['--templates'] ?? null,
    compact: flags['--compact'],
    quality: flags['--quality'],
    inferConfig: flags['--infer-config'],
    logSummaries: flags['--log-summaries'],
    maxTraceGb: maxTraceGb(values['--max-trace-gb'] ?? null),
    out: values['--out'] ?? null,
    counterfactual: counterfactualArgs(values, flags['--recorded']),
  };
}

/** A model's name as given to `option`: refused when it is empty or blank (nothing would be asked or priced by it). */
export function modelName(option: string, value: string | null): string | null {
  if (value !== null && value.trim() === '')
    throw new UsageError(`${option} needs a model's name, not ${value === '' ? 'an empty one' : 'blanks'}`);
  return value;
}

function wholeNumber(option: string, value: string, min: number, max: number): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max)
    throw new UsageError(`${option} needs a whole number from ${min} to ${max}, not ${value.slice(0, 40)}`);
  return number;
}

function counterfactualArgs(values: Record<string, string | null>, recorded: boolean): CounterfactualArgs | null {
  const step = values['--counterfactual'] ?? null;
  if (step === null) {
    const stray = ['--samples', '--endpoint', '--model', '--answers'].find((option) => values[option] !== null);
    if (stray) throw new UsageError(`${stray} applies only with --counterfactual`);
    return null;
  }
  if (recorded)
    throw new UsageError(
      '--counterfactual compares a configuration with the recorded run: give --config, not --recorded',
    );
  const model = modelName('--model', values['--model'] ?? null);
  if (model === null) throw new UsageError('--counterfactual needs --model (the model asked)');
  const endpoint = values['--endpoint'] ?? null;
  // Refused before any work: the endpoint is asked only after the replay and the log's answers.
  if (endpoint !== null && !/^https?:\/\/[^\s/?#]+/i.test(endpoint))
    throw new UsageError(`--endpoint ${JSON.stringify(endpoint)} is not an http:// or https:// address`);
  const answers = values['--answers'] ?? null;
  if (endpoint === null && answers === null)
    throw new UsageError('--counterfactual needs --endpoint to ask, or --answers with the answers of an earlier run');
  return {
    step: wholeNumber('--counterfactual', step, 0, Number.MAX_SAFE_INTEGER),
    // An empty value is refused, not taken for the default.
    samples:
      values['--samples'] != null ? wholeNumber('--samples', values['--samples'], 1, MAX_SAMPLES) : DEFAULT_SAMPLES,
    endpoint,
    model,
    answers,
  };
}

/** Checked with the other flags, whatever the log: a V0 log ignores the rules, but not a misspelt value. */
function sdkRulesArg(value: string | null): sdk.SdkRules | null {
  if (value !== null && !(sdk.SDK_RULES as readonly string[]).includes(value))
    throw new UsageError(`unknown --sdk-rules ${value} (known: ${sdk.SDK_RULES.join(', ')})`);
  return value as sdk.SdkRules | null;
}

function maxTraceGb(value: string | null): number {
  if (value === null) return 2;
  const gb = Number(value);
  if (!Number.isFinite(gb) || gb <= 0)
    throw new UsageError(`--max-trace-gb needs a positive number of gigabytes, not ${value.slice(0, 40)}`);
  return gb;
}
