import { describe, expect, it } from 'vitest';
import { LOG_READERS, type LogInput, type LogShape, SHAPE_LABELS, loadLog } from '../../../src/formats/index.ts';
import { uiDownloadZip } from '../../helpers/archives.ts';
import { realLog, textInput, v0Events } from '../../helpers/logs.ts';

const events = v0Events(2);
const lines = (items: readonly unknown[]) => items.map((item) => JSON.stringify(item)).join('\n');

/** One log of every shape the readers list: a shape added without a sample here fails to typecheck. */
const SAMPLES: Record<LogShape, () => LogInput> = {
  'v0-feedback': () => textInput(JSON.stringify([{ version: '1', feedback: 'positive', trajectory: events }])),
  'v0-trajectory': () => textInput(JSON.stringify({ trajectory: events })),
  'v0-http-recording': () => textInput(JSON.stringify({ request: {}, response: { json: { trajectory: events } } })),
  'v0-eval-jsonl': () => realLog('v0_openhands_multi-swe-bench_example_output.jsonl'),
  'v0-list': () => textInput(JSON.stringify(events)),
  'sdk-conversation-folder': () => realLog('v1_sdk_pr-event-json-to-openai-messages_conversation_8ev'),
  'v0-events-folder': () => realLog('v0_openhands_session-folder_63b43159_coin-flip'),
  'v0-events-jsonl': () => textInput(lines(events), 'events.jsonl'),
  'v0-legacy-pairs': () => realLog('v0legacy_openhands_logic-reasoning-prontoqa_output_pairs.jsonl'),
  'sdk-events-folder': () => realLog('v1_cli_tests-trajectories_cli447_hi_followup_iterative_case_a'),
  'sdk-ui-download': () => ({
    kind: 'file',
    file: {
      path: 'conversation.zip',
      bytes: uiDownloadZip('v1_sdk_pr-event-json-to-openai-messages_conversation_8ev', { title: 't' }),
    },
  }),
  'sdk-list': () => realLog('v1_benchmarks_openagentsafety_traj_safety-metrics_bare-list_202ev.json'),
  'sdk-events-jsonl': () => realLog('v1_sdk_goal-fixture_events_trimmed_10ev.jsonl'),
  'sdk-eval-jsonl': () => realLog('v1_benchmarks_openagentsafety_output.jsonl'),
};

describe('the log readers registry', () => {
  it.each(LOG_READERS.map((reader) => [reader.shape, reader] as const))(
    '%s: a sample reads as this shape, by the engine it names',
    async (shape, reader) => {
      const log = await loadLog(SAMPLES[shape]());
      expect(log.shape).toBe(shape);
      expect(log.flavor).toBe(reader.flavor);
      expect(SHAPE_LABELS[shape]).toBe(reader.label);
    },
  );

  it('lists each shape once', () => {
    const shapes = LOG_READERS.map((reader) => reader.shape);
    expect(new Set(shapes).size).toBe(shapes.length);
  });
});
