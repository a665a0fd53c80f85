/**
 * Seeded random logs and step views for the tracker's property tests, made to hit what is hard: fact
 * values split across two or three texts of a view, empty texts, texts equal to one line of a command,
 * surrogate pairs cut in half, views that drop and re-add items, steps out of order or left out.
 */
import { eventFacts } from '../../../src/inspect/quality/facts.ts';
import type { QualityViewItem } from '../../../src/inspect/quality/viewDelta.ts';
import type { Random } from '../../engine/v0/fuzz/randomLog.ts';

const PATHS = ['/a/b', '/a/b/c.py', '/x/y', '/x/y.', '/t/ü/v', '/a/b/c/d'];
const LINES = [
  'ls',
  'cd /a/b',
  'EOF',
  '',
  'x',
  'ValueError: bad',
  'FAILED t',
  '  error: e',
  'ERRORé',
  '\u{1f600}',
  '\ud83d',
  '\ude00',
  'a\u2028b',
  '\x1cfatal: no',
  'cat <<EOF',
];

export interface RandomStep {
  readonly before: number | null;
  readonly view: QualityViewItem[];
  /** At most the items the view shares with the previous one: the delta may re-add some it kept. */
  readonly keep: number;
}

export interface RandomQualityCase {
  readonly events: unknown[];
  readonly steps: RandomStep[];
}

function multiLine(random: Random): string {
  return Array.from({ length: random.int(1, 4) }, () => random.pick(random.chance(0.3) ? PATHS : LINES)).join('\n');
}

function randomEvent(random: Random, id: number): unknown {
  const text = () => multiLine(random) + (random.chance(0.5) ? ` ${random.pick(PATHS)}` : '');
  switch (random.int(0, 6)) {
    case 0:
      return { id, source: 'agent', action: 'run', args: { command: multiLine(random) } };
    case 1:
      return { id, source: 'agent', observation: 'run', content: text(), extras: { command: text() } };
    case 2:
      return {
        id,
        kind: 'ActionEvent',
        source: 'agent',
        action: { kind: 'TerminalAction', command: multiLine(random) },
      };
    case 3:
      return {
        id,
        kind: 'ObservationEvent',
        source: 'environment',
        observation: { content: [{ type: 'text', text: text() }] },
      };
    case 4:
      return { id, action: 'condensation', args: { summary: text() } };
    default:
      return { id, source: 'user', action: 'message', args: { content: text() }, timestamp: random.pick(PATHS) };
  }
}

/** Texts for views: fact values whole, cut at a newline into two or three consecutive texts, or noise. */
function textRuns(random: Random, values: readonly string[]): string[][] {
  const runs: string[][] = [['<MASKED>'], [''], ['summary of /a/b']];
  for (const value of values) {
    const lines = value.split('\n');
    runs.push([value]);
    if (lines.length < 2) continue;
    const cut = random.int(1, lines.length - 1);
    const left = `${random.pick(['', 'x', '\n', 'pre '])}${lines.slice(0, cut).join('\n')}`;
    const right = lines.slice(cut).join('\n');
    if (lines.length > 2 && random.chance(0.5)) {
      const middleEnd = random.int(cut + 1, lines.length - 1);
      runs.push([
        left,
        lines.slice(cut, middleEnd).join('\n'),
        `${lines.slice(middleEnd).join('\n')}${random.pick(['', ' post', '\nmore'])}`,
      ]);
    } else runs.push([left, `${right}${random.pick(['', ' post', '\nmore'])}`]);
    runs.push([value.slice(0, random.int(0, value.length)), value.slice(random.int(0, value.length))]);
  }
  return runs;
}

export function randomQualityCase(random: Random): RandomQualityCase {
  const events = Array.from({ length: random.int(1, 30) }, (_, id) => randomEvent(random, id));
  const values = [
    ...new Set(events.flatMap((event) => eventFacts(event)).map((fact) => fact.slice(fact.indexOf(':') + 1))),
  ];
  const runs = textRuns(random, values);
  const steps: RandomStep[] = [];
  let view: QualityViewItem[] = [];
  let before = 0;
  for (let count = random.int(1, 25); count > 0; count--) {
    const shared = random.chance(0.2) ? 0 : random.int(0, view.length);
    const next = view.slice(0, shared);
    for (let added = random.int(0, 6); added > 0; added--) {
      if (random.chance(0.5)) next.push({ kind: 'event', index: random.int(0, events.length - 1) });
      else if (random.chance(0.1)) next.push({ kind: 'other' });
      else
        for (const content of random.pick(runs))
          next.push({ kind: random.chance(0.5) ? 'summary' : 'masked', content });
    }
    before = random.chance(0.15)
      ? random.int(0, events.length - 1)
      : Math.min(events.length - 1, before + random.int(0, 3));
    steps.push({ before: random.chance(0.1) ? null : before, view: next, keep: random.int(0, shared) });
    view = next;
  }
  return { events, steps };
}
