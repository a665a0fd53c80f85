/**
 * Builds the bundled sample session (sample-sessions/oh-utils-185.session.json) from the real
 * 185-event OpenHands log: OpenHands' server-default pipeline at max_size 80, with the log's own
 * three summaries recorded as the LLM's answers, so the sample replays exactly without a key.
 * Run: npx tsx scripts/make-sample-session.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type LlmAnswer, recordingScript, runSync } from '../src/engine/index.ts';
import { buildCondenser, parseCondenserConfig, prepareLog, replay } from '../src/engine/v0/index.ts';
import { readV0Log, writeSessionFile } from '../src/formats/index.ts';
import { APP_VERSION } from '../src/store/defaults.ts';

const root = join(import.meta.dirname, '..');
const logName = 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json';
const text = readFileSync(join(root, 'sample-sessions', logName), 'utf8');
const input = { kind: 'file', file: { path: logName, text } } as const;
const log = readV0Log(input);
const config = {
  type: 'pipeline',
  condensers: [
    { type: 'conversation_window' },
    { type: 'browser_output_masking', attention_window: 2 },
    { type: 'llm', keep_first: 4, max_size: 80 },
  ],
};
const summaries = log.events.flatMap((event) =>
  event.kind === 'action' && event.condensation?.summary ? [{ content: event.condensation.summary }] : [],
);
const answers: Record<string, LlmAnswer> = {};
const result = runSync(
  replay({ log: prepareLog(log.events), mode: 'resimulate', condenser: buildCondenser(parseCondenserConfig(config)) }),
  recordingScript(summaries, answers),
);
if (result.condensations.length !== 3 || Object.keys(answers).length !== 3)
  throw new Error('expected the three recorded condensations');
const firstCondensation = result.condensations[0]!.stepIndex;

writeFileSync(
  join(root, 'sample-sessions', 'oh-utils-185.session.json'),
  writeSessionFile({
    appVersion: APP_VERSION,
    session: {
      name: 'Sample: OpenHands debugging a trajectory download (185 events)',
      notes:
        'A real OpenHands Cloud conversation (jpshackelford/oh-utils, MIT; see sample-sessions/PROVENANCE.md). It condensed three times, ' +
        "with the server's default pipeline at max_size 80. Re-simulated here with that pipeline and the log's own summaries as recorded " +
        'answers, it condenses at the same points and forgets the same events. Change max_size to see what the agent would have seen instead.',
      config,
      mode: 'resimulate',
      prompts: {},
      instance: null,
      step: firstCondensation,
    },
    log: input,
    answers,
  }),
);
console.log(
  `wrote the sample session: ${result.steps.length} steps, condensations at steps ${result.condensations.map((c) => c.stepIndex + 1).join(', ')}`,
);
