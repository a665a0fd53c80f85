import { basename } from 'node:path';
import {
  type AgentProfile,
  type LlmAnswer,
  type LlmWork,
  cachingText,
  noLlm,
  runSync,
  scriptedLlm,
  sdk,
} from '../engine/index.ts';
import {
  type AnyParsedLog,
  ConfigTextError,
  type LocateOptions,
  LogFormatError,
  type SdkParsedLog,
  loadLog,
  looksLikeSdkCondenserText,
  parseLlmScript,
  parseSdkCondenserText,
  parseSdkCondenserValue,
  readCondenserConfigText,
} from '../formats/index.ts';
import {
  CounterfactualError,
  type LogSummaryUse,
  type Prepared,
  type ReplayRequest,
  type TraceOptions,
  countAllTokens,
  emptyLogSummaryUse,
  inferConfig,
  logSummaryAnswers,
  openLog,
} from '../inspect/index.ts';
import { LlmCallError } from '../llm/llmErrors.ts';
import { loadTokenizer } from '../llm/tokenCount.ts';
import { CONFIG_REQUIRED, type CliArgs, USAGE, UsageError, parseArgs } from './args.ts';
import { collectGarbage } from './collectGarbage.ts';
import { cliCounterfactual } from './counterfactual.ts';
import { readLogInput, readTextFile, streamLogFile } from './readInput.ts';
import { OutputError, openResultFile } from './resultFile.ts';
import { readTemplateDir } from './templateDir.ts';
import { checkTraceSize } from './traceSize.ts';
import { cliUnpacking } from './unpacking.ts';
/** Where the command writes: the trace (stdout) and notes (stderr). Tests run it in-process with their own. */
export interface CommandOutput {
  /** Writes trace text; called with pieces of about a megabyte. */
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** stderr when it is a terminal, for progress redrawn in place; absent otherwise. */
  readonly terminal?: (text: string) => void;
}

/** The longest message the command prints: a value echoed from the input is cut, never kilobytes long. */
const MESSAGE_LENGTH = 500;

/** A message as one line of at most MESSAGE_LENGTH characters (the CLI's contract: exit 2 with one line). */
export function oneLineMessage(message: string): string {
  // Control characters are exactly what must not reach the terminal.
  const line = message
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > MESSAGE_LENGTH ? `${line.slice(0, MESSAGE_LENGTH - 1)}…` : line;
}

/** What the command says about a failure, by what failed. */
export function failureMessage(error: unknown): string {
  if (
    error instanceof UsageError ||
    error instanceof LogFormatError ||
    error instanceof ConfigTextError ||
    error instanceof OutputError
  )
    return error.message;
  if (error instanceof CounterfactualError) return `--counterfactual: ${error.message}`;
  if (error instanceof LlmCallError) return `--counterfactual: the endpoint failed: ${error.message}`;
  if (error instanceof RangeError && /call stack/i.test(error.message))
    return 'the input is nested too deeply to process (JavaScript ran out of stack)';
  if (error instanceof RangeError && /string length|allocation failed|array buffer/i.test(error.message))
    return `the input is too large to process in memory (${error.message})`;
  return `unexpected failure: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * Runs the replay command: the trace on `output.stdout` and exit status 0, or one line on stderr and
 * exit status 2. Never throws.
 */
export async function runReplayCommand(argv: readonly string[], output: CommandOutput): Promise<0 | 2> {
  // Notes are told once the replay has succeeded: a failure later on is then the only line.
  const notes: string[] = [];
  try {
    await main(argv, { ...output, stderr: (text) => notes.push(text) });
    notes.forEach((note) => output.stderr(note));
    return 0;
  } catch (error) {
    let message: string;
    try {
      message = failureMessage(error);
    } catch {
      message = 'unexpected failure';
    }
    output.stderr(`replay: ${oneLineMessage(message)}\n`);
    return 2;
  }
}

async function main(argv: readonly string[], io: CommandOutput): Promise<void> {
  const args = parseArgs(argv);
  if (args === 'help') {
    io.stdout(`${USAGE}\n`);
    return;
  }
  if (args.compact && args.pretty) throw new UsageError('--compact and --pretty cannot be combined');
  if (args.logSummaries && args.llmScript) throw new UsageError('--log-summaries and --llm-script cannot be combined');
  if (args.logSummaries && args.recorded)
    throw new UsageError('--log-summaries answers a re-simulation; --recorded runs no condenser');
  if (args.out === null) return replayTo(args, io);
  // Checked and opened before any work: a destination that cannot be written fails at once.
  const inputs = [
    { path: args.log, what: 'log' },
    ...(args.config ? [{ path: args.config, what: 'configuration' }] : []),
    ...(args.llmScript ? [{ path: args.llmScript, what: 'LLM script' }] : []),
    ...(args.templates ? [{ path: args.templates, what: 'templates folder' }] : []),
    ...(args.counterfactual?.answers ? [{ path: args.counterfactual.answers, what: 'answers file' }] : []),
  ];
  const file = openResultFile(args.out, inputs);
  try {
    await replayTo(args, { ...io, stdout: (text) => file.write(text) });
    file.finish();
  } catch (error) {
    file.abandon();
    throw error;
  }
}

async function replayTo(args: CliArgs, io: CommandOutput): Promise<void> {
  const timing = new PhaseTimer(args.timing, io.stderr);
  const configFile = args.config ? { path: args.config, text: readTextFile(args.config, 'configuration') } : null;
  const script: LlmAnswer[] | null = args.llmScript
    ? parseLlmScript(readTextFile(args.llmScript, 'LLM script'), args.llmScript)
    : null;
  const parsed = await readAndLoad(args, io);
  collectGarbage();
  timing.mark(`read, parse and validate ${parsed.events.length} events`);
  const note = (message: string) => io.stderr(`replay: ${oneLineMessage(message)}\n`);
  if (args.inferConfig) return printInferredConfig(args, parsed, io, note);
  const { config, notes } = configFor(args, parsed, configFile);
  const mode = args.recorded ? 'recorded' : 'resimulate';
  const log = openLog(parsed);
  const request: ReplayRequest = {
    config,
    mode,
    answers: {},
    onMissing: 'stop',
    ...(parsed.flavor === 'sdk' ? { sdkRules: rulesOf(args, parsed) } : {}),
  };
  notes.forEach(note);
  const countText =
    args.tokens || args.usage || args.counterfactual || log.needsTokens(request) ? await loadTokenizer() : null;
  const tokens = countText && (args.tokens || log.needsTokens(request)) ? countAllTokens(log, countText) : null;
  const templates = args.messages || args.usage || args.counterfactual ? readTemplateDir(args.templates, note) : {};
  const settings = (profile: AgentProfile | null) => (profile ? { profile, templates } : null);
  const textTokens = countText ? cachingText({ text: countText }) : null;
  // Each run (the size check, then the trace) counts the summaries it used afresh.
  let summaryUse = emptyLogSummaryUse();
  const answers = () => {
    if (!args.logSummaries) return script ? scriptedLlm(script) : noLlm;
    summaryUse = emptyLogSummaryUse();
    return logSummaryAnswers(log.logSummaries, summaryUse);
  };
  const counterfactual =
    args.counterfactual && textTokens
      ? await cliCounterfactual(args.counterfactual, {
          log,
          request,
          tokens,
          textTokens,
          agent: { profile: args.messages ?? 'auto', templates },
          condenserLlm: script || args.logSummaries ? answers : null,
          env: process.env,
        })
      : null;
  if (counterfactual) timing.mark('counterfactual');
  const options: TraceOptions = {
    compact: args.compact,
    viewTokens: args.tokens,
    messages: settings(args.messages),
    usage: settings(args.usage),
    textTokens,
    quality: args.quality,
    ...(counterfactual ? { extra: { counterfactual } } : {}),
  };
  timing.mark(tokens ? 'count tokens and prepare' : 'prepare');
  // Every step writes its whole view (on a long log that never condenses the trace grows with the
  // square of its length: a 3.4 MB log of 50,000 events made 6.7 GB), and every condensation every id
  // it forgets (a range over far-apart ids lists each). Measured before writing anything.
  checkTraceSize(log, {
    compact: args.compact,
    maxBytes: args.maxTraceGb * 1e9,
    measure: () => runSync(prepared(log.traceSize(request, tokens)), answers()),
  });
  if (args.pretty) {
    const parts: string[] = [];
    runSync(
      prepared(
        log.trace(request, tokens, options, (text) => parts.push(text)),
        note,
      ),
      answers(),
    );
    io.stdout(`${JSON.stringify(JSON.parse(parts.join('')), null, 2)}\n`);
    return;
  }
  // Each step is written as soon as it is replayed: nothing of a long trace is kept in memory.
  const output = new BlockWriter(io.stdout);
  runSync(
    prepared(
      log.trace(request, tokens, options, (text) => output.write(text)),
      note,
    ),
    answers(),
  );
  output.flush();
  if (args.logSummaries && summaryUse.calls > 0) note(logSummaryNote(summaryUse));
  timing.mark('replay and write the trace');
  timing.report();
}

function logSummaryNote(use: LogSummaryUse): string {
  const missing = use.calls - use.matched;
  return missing === 0
    ? `the log's summaries answered all ${use.calls} summarizer calls`
    : `the log's summaries answered ${use.matched} of ${use.calls} LLM calls; ${missing} forget other events than any recorded condensation (or follow one that did) and got placeholders`;
}

/** `--infer-config`: the configuration on stdout, how well it reproduces the log on stderr. */
async function printInferredConfig(
  args: CliArgs,
  parsed: AnyParsedLog,
  io: CommandOutput,
  note: (message: string) => void,
): Promise<void> {
  const log = openLog(parsed);
  const sdkRules = parsed.flavor === 'sdk' ? rulesOf(args, parsed) : undefined;
  const tokens = log.needsTokens({
    config: log.opened.suggestedConfig,
    mode: 'resimulate',
    answers: {},
    onMissing: 'stop',
  })
    ? countAllTokens(log, await loadTokenizer())
    : null;
  const inferred = inferConfig(log, tokens, sdkRules);
  const from = {
    recorded: 'the configuration the log records',
    inferred: 'read off its condensations',
    default: "the inspector's default",
  }[inferred.source];
  note(
    inferred.recordedCondensations === 0
      ? `${from}; the log records no condensation to check it against`
      : `${from}: re-simulated with --log-summaries it reproduces ${inferred.reproduces} of the log's ${inferred.recordedCondensations} condensations (same step, same forgotten events)`,
  );
  for (const other of inferred.alsoReproducing) note(`so does ${JSON.stringify(other)}`);
  inferred.notes.forEach(note);
  io.stdout(`${JSON.stringify(inferred.config, null, args.pretty ? 2 : undefined)}\n`);
}

/**
 * The log read and parsed: a JSON document as it streams from the file, anything else read whole; no
 * event's text is kept as the file has it (the trace shows none), so no bytes stay through the replay.
 */
async function readAndLoad(args: CliArgs, io: CommandOutput): Promise<AnyParsedLog> {
  const options = { ...(args.instance !== null ? { instance: args.instance } : {}), keepSources: false };
  const parsed = streamLogFile(args.log, options) ?? (await loadWhole(args, io, options));
  // A log of one conversation has no instances to choose from: --instance is refused, not ignored.
  if (args.instance !== null && parsed.instances.length === 0)
    throw new LogFormatError(
      '',
      `no instance "${args.instance}" in this file: the log is not a run of instances (leave out --instance)`,
    );
  return parsed;
}

async function loadWhole(args: CliArgs, io: CommandOutput, options: LocateOptions): Promise<AnyParsedLog> {
  const input = readLogInput(args.log);
  const unpacking = cliUnpacking(basename(args.log), io.terminal ?? null);
  const parsed = await loadLog(input, { ...options, unpacking });
  unpacking.done();
  return parsed;
}

/** The work of a prepared request (its notes said, when `note` is given); a configuration it cannot use refused. */
function prepared<T>(work: Prepared<T>, note?: (message: string) => void): LlmWork<T> {
  if ('configError' in work) throw new ConfigTextError(`invalid condenser configuration: ${work.configError}`);
  if (note) work.notes.forEach(note);
  return work.work;
}

function rulesOf(args: CliArgs, log: SdkParsedLog): sdk.SdkRules {
  return args.sdkRules ?? log.suggestedRules;
}

/** The --config file's path and text. */
interface ConfigFile {
  readonly path: string;
  readonly text: string;
}

/** A problem of the --config file, named by the file as given ("<path>: <problem>"), as other file errors are. */
function configFileError(file: ConfigFile, problem: string): ConfigTextError {
  return new ConfigTextError(`${file.path}: ${problem}`);
}

/**
 * The configuration to replay under (validated here, so a bad one is refused with the file's name before
 * anything runs) and what is worth telling about the log and the configuration.
 */
function configFor(args: CliArgs, log: AnyParsedLog, file: ConfigFile | null): { config: unknown; notes: string[] } {
  // An SDK condenser object can only be checked once the log says which SDK rules apply.
  const sdkText = file !== null && looksLikeSdkCondenserText(file.text);
  if (log.flavor === 'sdk') {
    if (file !== null && !sdkText) {
      throw configFileError(
        file,
        'this log is an SDK log; its --config is an SDK condenser object such as {"kind": "LLMSummarizingCondenser", "max_size": 80, "keep_first": 4}',
      );
    }
    const rules = rulesOf(args, log);
    const notes = [...log.notes];
    if (args.sdkRules === null && rules !== sdk.PINNED_SDK_RULES) {
      notes.push(
        `this log was written by a ${log.generation} SDK, so it is replayed under the ${rules} rules its condensations were made with (--sdk-rules ${sdk.PINNED_SDK_RULES} for the pinned SDK's)`,
      );
    }
    const offBranch = sdk.prepareSdkLog(log.events, { leafId: log.leafId }).offBranch;
    if (offBranch > 0) notes.push(`${offBranch} events are not on the conversation's active branch and are left out`);
    // Its problems name the file already ("invalid SDK condenser configuration in <path>").
    if (file !== null) return { config: parseSdkCondenserText(file.text, rules, file.path), notes };
    if (args.recorded) return { config: null, notes };
    if (log.recordedCondenser !== null)
      return { config: parseSdkCondenserValue(log.recordedCondenser, rules, 'base_state.json agent.condenser'), notes };
    throw new UsageError(`${CONFIG_REQUIRED} (this SDK log records no condenser in a base_state.json)`);
  }
  if (file !== null && sdkText)
    throw configFileError(
      file,
      'an SDK condenser object ("kind") applies to SDK logs; this V0 log takes a V0 configuration such as {"type": "llm", "max_size": 40}',
    );
  if (file === null && !args.recorded) throw new UsageError(CONFIG_REQUIRED);
  const read = file !== null ? readV0Config(file) : null;
  return { config: read?.config ?? null, notes: [...log.notes, ...(read?.notes ?? [])] };
}

/** A V0 configuration (JSON or TOML) read and validated; what is wrong with it names the file. */
function readV0Config(file: ConfigFile): ReturnType<typeof readCondenserConfigText> {
  try {
    return readCondenserConfigText(file.text);
  } catch (error) {
    if (error instanceof ConfigTextError) throw configFileError(file, error.message);
    throw error;
  }
}

/** `--timing`: where the time went, on stderr. */
class PhaseTimer {
  private last = performance.now();
  private readonly phases: string[] = [];

  constructor(
    private readonly enabled: boolean,
    private readonly write: (text: string) => void,
  ) {}

  mark(phase: string): void {
    if (!this.enabled) return;
    const now = performance.now();
    this.phases.push(
      `${phase}: ${(now - this.last).toFixed(1)} ms (resident ${(process.memoryUsage.rss() / 1e6).toFixed(0)} MB)`,
    );
    this.last = now;
  }

  report(): void {
    if (this.enabled)
      this.write(`replay timing (since start-up ${performance.now().toFixed(0)} ms): ${this.phases.join('; ')}\n`);
  }
}

/** Gathers the trace into pieces of about a megabyte before handing them on. */
class BlockWriter {
  private parts: string[] = [];
  private size = 0;

  constructor(private readonly out: (text: string) => void) {}

  write(text: string): void {
    this.parts.push(text);
    this.size += text.length;
    if (this.size > 1 << 20) this.flush();
  }

  flush(): void {
    if (this.size === 0 && this.parts.length === 0) return;
    this.out(this.parts.join(''));
    this.parts = [];
    this.size = 0;
  }
}
