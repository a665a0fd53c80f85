import { describe, expect, it } from 'vitest';
import type { Trace } from '../../src/inspect/index.ts';
import { replayCli, scratchFiles } from '../helpers/cli.ts';
import { wideRangeLog } from '../helpers/hostileLogs.ts';
import { v0Events } from '../helpers/logs.ts';

const { file } = scratchFiles('trace-size-');
const llm = file('llm.json', JSON.stringify({ type: 'llm', max_size: 10, keep_first: 1 }));

/** v0Events(12) whose ids from event 4 on are moved up by `gap`: the log leaves that many ids unused. */
function sparseLog(gap: number): string {
  return JSON.stringify(
    v0Events(12).map((event, i) =>
      i < 4
        ? event
        : {
            ...event,
            id: (event.id as number) + gap,
            ...(event.cause === undefined ? {} : { cause: (event.cause as number) + gap }),
          },
    ),
  );
}

describe('replay command: the ids condensations forget', () => {
  it('replays 150 recorded condensations of the range 0..9,999,999 as the log has them (issue 21)', () => {
    const { status, stdout, stderr } = replayCli(file('wide.json', JSON.stringify(wideRangeLog(150))), '--recorded');
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect((JSON.parse(stdout) as Trace).steps).toHaveLength(150);
  }, 60_000);

  it('lists every integer of a range its condensation forgets, ids the log leaves unused included, as OpenHands does', () => {
    const { status, stdout } = replayCli(
      file('sparse.json', sparseLog(100_000)),
      '--config',
      llm,
      '--llm-script',
      file('s.json', '[{"content": "S"}]'),
    );
    expect(status).toBe(0);
    const [condensation] = (JSON.parse(stdout) as Trace).steps.flatMap((step) => step.condensations);
    // keep_first 1 and a view of 11: events 1..7 go, a range from id 1 to id 100,007 (ids from 4 on moved up).
    expect(condensation!.forgotten_event_ids).toHaveLength(100_007);
    expect(condensation!.forgotten_event_ids.slice(0, 4)).toEqual([1, 2, 3, 4]);
    expect(condensation!.forgotten_event_ids.at(-1)).toBe(100_007);
  }, 60_000);

  it('refuses, before writing anything, a range too wide to list, and a trace past --max-trace-gb for its ranges', () => {
    const script = file('s2.json', '[{"content": "S"}]');
    const tooWide = replayCli(file('far.json', sparseLog(30_000_000)), '--config', llm, '--llm-script', script);
    expect(tooWide.status).toBe(2);
    expect(tooWide.stdout).toBe('');
    expect(tooWide.stderr).toBe(
      "replay: a condensation at step 5 (before event 30000011) forgets 30,000,007 ids, more than the 20,000,000 the trace writes for one condensation: this log's ids lie far apart (0 to 30000024 for 25 events), and a range between two of them lists every id in it\n",
    );
    const tooLarge = replayCli(
      file('far2.json', sparseLog(5_000_000)),
      '--config',
      llm,
      '--llm-script',
      script,
      '--max-trace-gb',
      '0.01',
    );
    expect(tooLarge.status).toBe(2);
    expect(tooLarge.stdout).toBe('');
    expect(tooLarge.stderr).toMatch(
      /^replay: the trace would be about 0\.0 GB, 0\.0 GB of it the ids its condensations forget \(this log's ids lie far apart, 0 to 5000024 for 25 events, and a range lists every id in it\); allow it with --max-trace-gb 1\n$/,
    );
  }, 60_000);

  it('holds a small trace to a --max-trace-gb smaller than it too', () => {
    const log = file('small.json', JSON.stringify(v0Events(12)));
    const refused = replayCli(
      log,
      '--config',
      llm,
      '--llm-script',
      file('s3.json', '[{"content": "S"}]'),
      '--max-trace-gb',
      '0.000001',
    );
    expect(refused.status).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/^replay: the trace would be about 0\.0 GB \(every step writes its whole view\); /);
    expect(replayCli(log, '--config', llm, '--llm-script', file('s4.json', '[{"content": "S"}]')).status).toBe(0);
  }, 60_000);
});
