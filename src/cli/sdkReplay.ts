import { type ChatProfile, type LlmAnswer, UsageSimulator, noLlm, runSync, scriptedLlm, sdk } from '../engine/index.ts';
import { type TokenEstimator, cachingTextCounts } from '../engine/v0/index.ts';
import { type SdkParsedLog, parseSdkCondenserText, parseSdkCondenserValue } from '../formats/index.ts';
import { loadTokenizer, sdkAgentLlm } from '../llm/tokenCount.ts';
import { CONFIG_REQUIRED, type CliArgs, UsageError } from './args.ts';
import { withExtras } from './v0StepExtras.ts';

/** `--usage` on SDK logs: estimates only, in our tokenizer's count (SDK logs record no per-call usage). */
function sdkUsageExtras(log: SdkParsedLog, profile: ChatProfile, tokens: TokenEstimator) {
  const calls = new sdk.SdkAgentCalls(log.events, { profile, tokens });
  const simulator = new UsageSimulator(profile, 'earlier-steps');
  return (step: sdk.SdkReplayStep): Record<string, unknown> => {
    if (!step.view) return {};
    const estimate = simulator.next(calls.call(calls.request(step.view.events)));
    return estimate ? { usage: { prompt_tokens: estimate.promptTokens, cache_read_tokens: estimate.cacheReadTokens, cache_write_tokens: estimate.cacheWriteTokens } } : {};
  };
}
export interface SdkRun {
  readonly args: CliArgs;
  readonly log: SdkParsedLog;
  /** The `--config` file's text, if one was given. */
  readonly configText: string | null;
  readonly script: LlmAnswer[] | null;
  readonly note: (message: string) => void;
  readonly write: (text: string) => void;
}

function rulesOf(args: CliArgs, log: SdkParsedLog): sdk.SdkRules {
  if (args.sdkRules === null) return log.suggestedRules;
  if (!(sdk.SDK_RULES as readonly string[]).includes(args.sdkRules)) {
    throw new UsageError(`unknown --sdk-rules ${args.sdkRules} (known: ${sdk.SDK_RULES.join(', ')})`);
  }
  return args.sdkRules as sdk.SdkRules;
}

/** What is worth telling about the log, once the command line has been found usable. */
function notesOf(args: CliArgs, log: SdkParsedLog, rules: sdk.SdkRules, offBranch: number): string[] {
  const notes = [...log.notes];
  if (args.sdkRules === null && rules !== sdk.PINNED_SDK_RULES) {
    notes.push(`this log was written by a ${log.generation} SDK, so it is replayed under the ${rules} rules its condensations were made with (--sdk-rules ${sdk.PINNED_SDK_RULES} for the pinned SDK's)`);
  }
  if (offBranch > 0) notes.push(`${offBranch} events are not on the conversation's active branch and are left out`);
  return notes;
}

function configOf(run: SdkRun, rules: sdk.SdkRules): sdk.SdkCondenserConfig | null {
  if (run.configText !== null) return parseSdkCondenserText(run.configText, rules, run.args.config ?? 'the configuration');
  if (run.args.recorded) return null;
  if (run.log.recordedCondenser !== null) return parseSdkCondenserValue(run.log.recordedCondenser, rules, 'base_state.json agent.condenser');
  throw new UsageError(`${CONFIG_REQUIRED} (this SDK log records no condenser in a base_state.json)`);
}

/**
 * Replays an SDK log through the SDK engine and writes the trace. The agent LLM's tokenizer is loaded
 * whenever a token limit can apply (a `max_tokens`, or the model's context window from base_state.json),
 * since the pinned SDK condenses on token pressure.
 */
export async function replaySdkLog(run: SdkRun): Promise<void> {
  const { args, log, note } = run;
  const rules = rulesOf(args, log);
  const config = configOf(run, rules);
  const mode = args.recorded ? 'recorded' : 'resimulate';
  const window = log.agentContextWindow.tokens;
  const tokenTrigger = mode === 'resimulate' && config !== null && sdk.sdkConfigWatchesTokens(config, window);
  const agentLlm = args.tokens || tokenTrigger ? sdkAgentLlm(await loadTokenizer(), window) : null;
  const prepared = sdk.prepareSdkLog(log.events, { leafId: log.leafId });
  notesOf(args, log, rules, prepared.offBranch).forEach(note);
  const windowNote = mode === 'resimulate' && config !== null ? sdk.contextWindowNote(config, rules, log.agentContextWindow) : null;
  if (windowNote) note(windowNote);
  const condenser = config && mode === 'resimulate' ? sdk.buildSdkCondenser(config, rules) : undefined;
  const answers = run.script ? scriptedLlm(run.script) : noLlm;
  const input: sdk.SdkReplayInput = { log: prepared, mode, condenser, rules, agentLlm, countViewTokens: args.tokens };
  const messages = args.messages ? { profile: args.messages, toolNames: sdk.sdkRecordedToolNames(log.events) } : null;
  const traceOptions: sdk.SdkTraceOptions = { includeTokens: args.tokens, messages };
  const usage = args.usage ? sdkUsageExtras(log, args.usage, cachingTextCounts({ event: () => 0, text: await loadTokenizer() })) : null;
  if (args.pretty) {
    const added: Record<string, unknown>[] = [];
    const result = runSync(sdk.replaySdk({ ...input, onStep: (step) => added.push(usage?.(step) ?? {}) }), answers);
    const trace = sdk.toSdkTrace(result, traceOptions);
    run.write(`${JSON.stringify({ steps: trace.steps.map((step, k) => ({ ...step, ...added[k] })) }, null, 2)}\n`);
    return;
  }
  const writer = new sdk.SdkTraceJsonWriter(traceOptions);
  run.write(writer.start);
  runSync(sdk.replaySdk({ ...input, onStep: (step, view) => run.write(usage ? withExtras(writer.step(step, view), usage(step)) : writer.step(step, view)) }), answers);
  run.write(writer.end);
}
