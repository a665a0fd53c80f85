import { basename } from 'node:path';
import {
  type LlmAnswer,
  type ReadConfig,
  type ReplayStep,
  type View,
  buildCondenser,
  cachingTextCounts,
  noLlm,
  prepareLog,
  replay,
  runSync,
  scriptedLlm,
  TraceJsonWriter,
  toTrace,
} from '../engine/index.ts';
import { ConfigTextError, LogFormatError, loadLog, looksLikeSdkCondenserText, readCondenserConfigText } from '../formats/index.ts';
import { parseLlmScript } from '../formats/llmScript.ts';
import { countEventTokens, loadTokenizer, tokenEstimator } from '../llm/tokenCount.ts';
import { CONFIG_REQUIRED, type CliArgs, USAGE, UsageError, parseArgs } from './args.ts';
import { readLogInput, readTextFile } from './readInput.ts';
import { replaySdkLog } from './sdkReplay.ts';
import { checkTraceSize } from './traceSize.ts';
import { cliUnpacking } from './unpacking.ts';
import { OutputError, openResultFile } from './resultFile.ts';
import { readTemplateDir } from './templateDir.ts';
import { type StepExtras, v0StepExtras, withExtras } from './v0StepExtras.ts';

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
  // eslint-disable-next-line no-control-regex
  const line = message.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
  return line.length > MESSAGE_LENGTH ? `${line.slice(0, MESSAGE_LENGTH - 1)}…` : line;
}

/** What the command says about a failure, by what failed. */
export function failureMessage(error: unknown): string {
  if (error instanceof UsageError || error instanceof LogFormatError || error instanceof ConfigTextError || error instanceof OutputError) return error.message;
  if (error instanceof RangeError && /call stack/i.test(error.message)) return 'the input is nested too deeply to process (JavaScript ran out of stack)';
  if (error instanceof RangeError && /string length|allocation failed|array buffer/i.test(error.message)) return `the input is too large to process in memory (${error.message})`;
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
  if (args.out === null) return replayTo(args, io);
  // Checked and opened before any work: a destination that cannot be written fails at once.
  const inputs = [
    { path: args.log, what: 'log' },
    ...(args.config ? [{ path: args.config, what: 'configuration' }] : []),
    ...(args.llmScript ? [{ path: args.llmScript, what: 'LLM script' }] : []),
    ...(args.templates ? [{ path: args.templates, what: 'templates folder' }] : []),
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
  const configText = args.config ? readTextFile(args.config, 'configuration') : null;
  // An SDK condenser object can only be checked once the log says which SDK rules apply.
  const sdkConfigText = configText !== null && looksLikeSdkCondenserText(configText) ? configText : null;
  const read: ReadConfig | null = configText !== null && sdkConfigText === null ? readCondenserConfigText(configText) : null;
  const config = read?.config ?? null;
  const script: LlmAnswer[] | null = args.llmScript ? parseLlmScript(readTextFile(args.llmScript, 'LLM script'), args.llmScript) : null;
  const input0 = readLogInput(args.log);
  timing.mark('read files');
  const unpacking = cliUnpacking(basename(args.log), io.terminal ?? null);
  const log = await loadLog(input0, { ...(args.instance ? { instance: args.instance } : {}), unpacking });
  unpacking.done();
  timing.mark(`parse and validate ${log.events.length} events`);
  const note = (message: string) => io.stderr(`replay: ${oneLineMessage(message)}\n`);
  if (args.compact && args.pretty) throw new UsageError('--compact and --pretty cannot be combined');
  if (log.flavor === 'sdk') {
    if (args.compact) throw new UsageError('--compact applies to V0 logs so far; an SDK log gets the full trace');
    if (config) throw new ConfigTextError('this is an SDK log; its --config is an SDK condenser object such as {"kind": "LLMSummarizingCondenser", "max_size": 80, "keep_first": 4}');
    const output = new BlockWriter(io.stdout);
    await replaySdkLog({ args, log, configText: sdkConfigText, script, note, write: (text) => output.write(text) });
    output.flush();
    timing.mark('replay and write the trace');
    timing.report();
    return;
  }
  if (sdkConfigText !== null) throw new ConfigTextError('an SDK condenser object ("kind") applies to SDK logs; this V0 log takes a V0 configuration such as {"type": "llm", "max_size": 40}');
  if (!config && !args.recorded) throw new UsageError(CONFIG_REQUIRED);
  log.notes.forEach(note);
  read?.notes.forEach(note);
  const condenser = config ? buildCondenser(config) : null;
  const countText = args.tokens ? await loadTokenizer() : null;
  const tokens = countText ? tokenEstimator(countEventTokens(log.events, countText), countText) : undefined;
  const mode = args.recorded ? 'recorded' : 'resimulate';
  const answers = script ? scriptedLlm(script) : noLlm;
  const prepared = prepareLog(log.events);
  const input = { log: prepared, mode, condenser: condenser ?? undefined, tokens } as const;
  const extras: StepExtras | null =
    args.messages || args.usage
      ? v0StepExtras(prepared, {
          messages: args.messages,
          usage: args.usage,
          templates: readTemplateDir(args.templates, note),
          tokens: args.usage ? cachingTextCounts({ event: () => 0, text: countText ?? (await loadTokenizer()) }) : null,
          mode,
        })
      : null;
  timing.mark(tokens ? 'count tokens and prepare' : 'prepare');
  // Every step writes its whole view (on a long log that never condenses the trace grows with the
  // square of its length: a 3.4 MB log of 50,000 events made 6.7 GB), and every condensation every id
  // it forgets (a range over far-apart ids lists each). Measured before writing anything.
  checkTraceSize({
    log: prepared,
    compact: args.compact,
    maxBytes: args.maxTraceGb * 1e9,
    replayWith: (onStep) => runSync(replay({ ...input, onStep }), script ? scriptedLlm(script) : noLlm),
  });
  if (args.pretty) {
    const added: Record<string, unknown>[] = [];
    const result = runSync(replay({ ...input, onStep: (step, view) => added.push(extras?.(step, view) ?? {}) }), answers);
    const trace = toTrace(result, condenser, { includeTokens: args.tokens });
    const steps = trace.steps.map((step, k) => ({ ...step, ...added[k] }));
    io.stdout(`${JSON.stringify({ steps }, null, 2)}\n`);
    return;
  }
  // Each step is written as soon as it is replayed: nothing of a long trace is kept in memory.
  const writer = new TraceJsonWriter({ includeTokens: args.tokens });
  const output = new BlockWriter(io.stdout);
  if (args.compact) output.write('{"format":"compact",'.concat(writer.start.slice(1)));
  else output.write(writer.start);
  const onStep = (step: ReplayStep, view: View | null) => {
    const json = args.compact ? writer.stepDelta(step, view) : writer.step(step, view);
    output.write(extras ? withExtras(json, extras(step, view)) : json);
  };
  runSync(replay({ ...input, onStep }), answers);
  output.write(writer.end);
  output.flush();
  timing.mark('replay and write the trace');
  timing.report();
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
    this.phases.push(`${phase}: ${(now - this.last).toFixed(1)} ms`);
    this.last = now;
  }

  report(): void {
    if (this.enabled) this.write(`replay timing (since start-up ${performance.now().toFixed(0)} ms): ${this.phases.join('; ')}\n`);
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
