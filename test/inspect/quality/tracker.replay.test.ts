/**
 * The tracker driven by the engine's own replay, as `replay --quality` would drive it: the log read by
 * src/formats, the facts from its events' JSON in file order, and each step's view (the engine's
 * entries, an event by its position in the log) handed over item by item. It prints the spec's public
 * figures for the 185-event oh-utils log.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { noLlm, runSync } from '../../../src/engine/index.ts';
import { type View, buildCondenser, parseCondenserConfig, prepareLog, replay } from '../../../src/engine/v0/index.ts';
import { readV0Log } from '../../../src/formats/index.ts';
import { LogFacts, QualityTracker, viewDelta, type QualityViewItem } from '../../../src/inspect/quality/index.ts';
import { REPO_ROOT, readReferenceLog } from './referenceLog.ts';
import { textInput } from '../../helpers/logs.ts';

const LOG = 'test/fixtures/conformance/logs/real-oh-utils-185-3cond.json';

function viewItems(view: View): QualityViewItem[] {
  return view.entries.map((entry) =>
    entry.kind === 'summary' || entry.kind === 'masked'
      ? { kind: entry.kind, content: entry.content }
      : { kind: 'event', index: entry.index },
  );
}

function replayQuality(config: unknown | null) {
  const log = readV0Log(textInput(readFileSync(join(REPO_ROOT, LOG), 'utf8'), LOG));
  const raw = readReferenceLog(LOG);
  const facts = new LogFacts();
  for (const event of raw) facts.addEvent(event);
  const tracker = new QualityTracker(facts);
  const missing: [number, string[]][] = [];
  let previous: QualityViewItem[] = [];
  const condenser = config === null ? undefined : buildCondenser(parseCondenserConfig(config));
  runSync(
    replay({
      log: prepareLog(log.events),
      mode: config === null ? 'recorded' : 'resimulate',
      condenser,
      onStep: (step, view) => {
        if (!view) return;
        const items = viewItems(view);
        const quality = tracker.step(step.beforeEventIndex, viewDelta(previous, items))!;
        previous = items;
        if (quality.missing_used.length > 0) missing.push([step.beforeEventId, quality.missing_used]);
      },
    }),
    noLlm,
  );
  return {
    total: tracker.total(),
    missing,
    positionsMatch: log.events.every(
      (event, index) => event.index === index && (raw[index] as { id: number }).id === event.id,
    ),
  };
}

describe('the engine’s replay of the 185-event oh-utils log, with the tracker beside it', () => {
  it('as recorded: 2 facts missing, before events 139 and 157; 83 facts', () => {
    const { total, missing, positionsMatch } = replayQuality(null);
    expect(positionsMatch).toBe(true);
    expect(total).toEqual({ missing_used: 2, steps_with_missing_used: 2, facts_seen: 83 });
    expect(missing).toEqual([
      [139, ['command:git checkout main']],
      [157, ['command:git checkout openhands/fix-hardcoded-url-assumptions']],
    ]);
  });

  it('recent 40/2: 6; noop: 0', () => {
    expect(replayQuality({ type: 'recent', max_events: 40, keep_first: 2 }).total.missing_used).toBe(6);
    expect(replayQuality({ type: 'noop' }).total.missing_used).toBe(0);
  });
});
