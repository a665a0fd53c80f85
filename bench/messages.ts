/**
 * The agent's messages and usage on a generated 12,000-event log: the time to build one step's request
 * (what scrubbing asks for: messages and their token counts) and the whole run's usage series, as
 * recorded and re-simulated with OpenHands' server default pipeline. Real tokenizer (o200k).
 */
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { type ReplayMode, UsageSimulator, messageTokens, runSync, runToEnd } from '../src/engine/index.ts';
import {
  type Condenser,
  type ReplayResult,
  V0AgentCalls,
  buildCondenser,
  cachingTextCounts,
  learnFromRecordedRun,
  parseCondenserConfig,
  prepareLog,
  replay,
  stepView,
} from '../src/engine/v0/index.ts';
import { readV0Event } from '../src/formats/v0Event.ts';
import { compileAgentTemplates } from '../src/templates/index.ts';
import { generateLog } from './generateLog.ts';
import { quantile, spread } from './stats.ts';

const EVENTS = 12_000;
const SERVER_DEFAULT = {
  type: 'pipeline',
  condensers: [
    { type: 'conversation_window' },
    { type: 'browser_output_masking', attention_window: 2 },
    { type: 'llm', keep_first: 4, max_size: 120 },
  ],
};

const log = prepareLog(generateLog(EVENTS).map((raw, i) => readV0Event(raw, i, `events[${i}]`)));
const tokens = cachingTextCounts({ event: () => 0, text: countTokens });
const options = { profile: 'anthropic' as const, templates: compileAgentTemplates(), tokens };
const median = (values: number[]) => spread(values).median;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function replayed(mode: ReplayMode): { result: ReplayResult; condenser: Condenser | null } {
  const condenser = mode === 'resimulate' ? buildCondenser(parseCondenserConfig(SERVER_DEFAULT)) : null;
  const result = runSync(replay({ log, mode, condenser: condenser ?? undefined }), (_request, call) => ({
    content: `USER_CONTEXT: summary ${call}`,
  }));
  return { result, condenser };
}

console.log(`\nagent messages and usage, ${EVENTS.toLocaleString('en-US')} events (anthropic profile, o200k)`);
console.log('mode          steps   one step (median, p90)      whole-run usage (median of 3)');
for (const mode of ['recorded', 'resimulate'] as const) {
  const { result, condenser } = replayed(mode);
  const calls = new V0AgentCalls(log, options);
  const active = mode === 'resimulate' ? condenser : null;
  const stepRequest = (index: number) => {
    const step = result.steps[index]!;
    const request = calls.request(step, stepView(step, active)!);
    if (request.error !== undefined) throw new Error(`step ${index}: ${request.error}`);
    return request.request.messages.reduce((sum, message) => sum + messageTokens(message, tokens), 0);
  };
  // Warm the token cache the way a session does (the usage series runs once after each replay).
  for (let index = 0; index < result.steps.length; index += 97) stepRequest(index);
  const single: number[] = [];
  for (let k = 0; k < 41; k++) {
    const index = Math.floor((((k * 7919) % 997) / 997) * result.steps.length);
    const started = performance.now();
    stepRequest(index);
    single.push(performance.now() - started);
  }
  const whole: number[] = [];
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    const simulator = new UsageSimulator(
      'anthropic',
      mode === 'recorded' ? 'earlier-steps' : runToEnd(learnFromRecordedRun(log, options)),
    );
    result.steps.forEach((step) => {
      const view = stepView(step, active);
      simulator.next(calls.call(step, view));
    });
    whole.push(performance.now() - started);
  }
  console.log(
    `${mode.padEnd(12)}  ${String(result.steps.length).padStart(5)}   ${ms(median(single)).padStart(9)}, ${ms(quantile(single, 0.9)).padStart(9)}        ${ms(median(whole)).padStart(10)}`,
  );
}
