/**
 * Engine-only re-simulation benchmark: replay time (no parsing, no output) for generated logs of 1k,
 * 10k and 100k events, for amortized, llm (scripted answers) and OpenHands' server-default pipeline.
 * Run with `npm run bench` (it passes --expose-gc so heap numbers are after a collection).
 */
import { runSync } from '../src/engine/index.ts';
import {
  type CondenserConfig,
  type PreparedLog,
  buildCondenser,
  parseCondenserConfig,
  prepareLog,
  replay,
} from '../src/engine/v0/index.ts';
import { readV0Event } from '../src/formats/v0Event.ts';
import { generateLog } from './generateLog.ts';

const CONFIGS: Record<string, unknown> = {
  amortized: { type: 'amortized', max_size: 120, keep_first: 4 },
  llm: { type: 'llm', max_size: 120, keep_first: 4 },
  'server default': {
    type: 'pipeline',
    condensers: [
      { type: 'conversation_window' },
      { type: 'browser_output_masking', attention_window: 2 },
      { type: 'llm', keep_first: 4, max_size: 120 },
    ],
  },
};

const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});
const gc = () => {
  collect();
  collect();
};
const heapMb = () => process.memoryUsage().heapUsed / 1e6;

function timeReplay(log: PreparedLog, config: CondenserConfig): { ms: number; steps: number; condensations: number } {
  const condenser = buildCondenser(config);
  const started = performance.now();
  const result = runSync(replay({ log, mode: 'resimulate', condenser }), (_request, call) => ({
    content: `USER_CONTEXT: summary ${call}`,
  }));
  const ms = performance.now() - started;
  return { ms, steps: result.steps.length, condensations: result.condensations.length };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

const rows: string[] = [];
for (const size of [1_000, 10_000, 100_000]) {
  const log = prepareLog(generateLog(size).map((raw, i) => readV0Event(raw, i, `events[${i}]`)));
  const runs = size >= 100_000 ? 7 : 21;
  for (const [name, raw] of Object.entries(CONFIGS)) {
    const config = parseCondenserConfig(raw);
    for (let i = 0; i < 3; i++) timeReplay(log, config);
    const times: number[] = [];
    let shape = { steps: 0, condensations: 0 };
    for (let i = 0; i < runs; i++) {
      const { ms, ...rest } = timeReplay(log, config);
      times.push(ms);
      shape = rest;
    }
    times.sort((a, b) => a - b);
    gc();
    const before = heapMb();
    // The heap is sampled during the replay (its working memory) and after it (what its result keeps).
    let peak = before;
    const kept = runSync(
      replay({
        log,
        mode: 'resimulate',
        condenser: buildCondenser(config),
        onStep: (step) => step.index % 200 === 0 && (peak = Math.max(peak, heapMb())),
      }),
      () => ({ content: 'summary' }),
    );
    peak = Math.max(peak, heapMb());
    gc();
    const retained = heapMb() - before;
    rows.push(
      [
        String(size).padStart(7),
        name.padEnd(15),
        `${percentile(times, 0.5).toFixed(1)} ms`.padStart(10),
        `${times[0]!.toFixed(1)} ms`.padStart(10),
        `${percentile(times, 0.9).toFixed(1)} ms`.padStart(10),
        String(shape.steps).padStart(7),
        String(shape.condensations).padStart(6),
        `${(peak - before).toFixed(1)} MB`.padStart(9),
        `${retained.toFixed(1)} MB`.padStart(9),
      ].join('  '),
    );
    if (kept.steps.length === 0) throw new Error('replay produced no steps');
  }
}
console.log('events   configuration       median         min        p90    steps  conds  peak heap  kept heap');
for (const row of rows) console.log(row);
console.log(
  `peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB, heap now ${heapMb().toFixed(0)} MB (includes the generated logs)`,
);
