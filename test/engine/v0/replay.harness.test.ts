/**
 * The CORRECTED RollingCondenserTestHarness of spec §7.0: every appended event gets a fresh sequential
 * id; when the condenser returns a condensation, the action takes the next id, is appended, and nothing
 * is yielded for that input; then the next input event follows. Expectations come from §7.3/§7.4.
 */
import { describe, expect, it } from 'vitest';
import { type LlmAnswer, type LlmRequest, runSync } from '../../../src/engine/index.ts';
import {
  type CondensationArgs,
  type Condenser,
  type LogEvent,
  type View,
  isCondensation,
  viewFromEvents,
} from '../../../src/engine/v0/index.ts';
import { browserObs, build, cond, ids, msg, range } from './factory.ts';

interface Yielded {
  /** Index among the yielded views (what OpenHands' tests enumerate). */
  i: number;
  view: View;
  /** Id of the event appended last (the one this view was computed for). */
  lastId: number;
  /** LLM calls made so far. */
  calls: number;
}

interface HarnessRun {
  views: Yielded[];
  history: LogEvent[];
  condensations: Array<{ id: number; args: CondensationArgs }>;
  requests: LlmRequest[];
}

type Answer = (request: LlmRequest, callIndex: number, history: readonly LogEvent[]) => LlmAnswer;

function harness(
  condenser: Condenser,
  inputs: number,
  makeEvent: (input: number, id: number) => LogEvent,
  answer?: Answer,
): HarnessRun {
  const history: LogEvent[] = [];
  const views: Yielded[] = [];
  const condensations: HarnessRun['condensations'] = [];
  const requests: LlmRequest[] = [];
  let nextId = 0;
  for (let input = 0; input < inputs; input++) {
    const event = makeEvent(input, nextId++);
    history.push(event);
    const view = viewFromEvents(history);
    // runSync numbers calls per condense(); the answerers here get the index over the whole run.
    const result = runSync(condenser.condense(view), (request) => {
      requests.push(request);
      if (!answer) throw new Error('unexpected LLM call');
      return answer(request, requests.length - 1, history);
    });
    if (isCondensation(result)) {
      const id = nextId++;
      condensations.push({ id, args: result.args });
      history.push(cond(id, result.args));
    } else {
      views.push({ i: views.length, view: result, lastId: event.id, calls: requests.length });
    }
  }
  return { views, history, condensations, requests };
}

const bare = (_input: number, id: number) => msg(id);

/** expected_size / expected_condensations of OpenHands' test_condenser.py (§7.0). */
function expectedSize(i: number, max: number): number {
  const half = Math.floor(max / 2);
  return i < max ? i + 1 : ((i - max) % half) + half + 1;
}
function expectedCondensations(i: number, max: number): number {
  const half = Math.floor(max / 2);
  return i < max ? 0 : Math.floor((i - max) / half) + 1;
}

function viewIds(run: HarnessRun, i: number) {
  return ids(run.views[i]!.view);
}

function checkSizes(run: HarnessRun, max: number, keepFirst: number) {
  for (const { i, view, lastId } of run.views) {
    expect(view.length, `size of view ${i}`).toBe(expectedSize(i, max));
    const viewIdList = ids(view);
    expect(viewIdList[viewIdList.length - 1], `last event of view ${i}`).toBe(lastId);
    // The first keep_first events are the first ones appended (ids 0..), never forgotten.
    const head = Math.min(keepFirst, i + 1);
    expect(viewIdList.slice(0, head), `head of view ${i}`).toEqual(Array.from({ length: head }, (_, k) => k));
  }
}

describe('corrected harness: amortized max 12, keep_first 0 (§7.4)', () => {
  const run = harness(build({ type: 'amortized', max_size: 12, keep_first: 0 }), 120, bare);

  it('views 0..11 are [0..i]', () => {
    for (let i = 0; i < 12; i++) expect(viewIds(run, i)).toEqual(Array.from({ length: i + 1 }, (_, k) => k));
  });

  it('the 13th event (id 12) condenses with range 0–6 as action id 13; the next condenses 7–14 as id 21', () => {
    expect(run.condensations[0]).toEqual({ id: 13, args: range(0, 6) });
    expect(run.condensations[1]).toEqual({ id: 21, args: range(7, 14) });
  });

  it('concrete views: i=12, 17, 18, 24', () => {
    expect(viewIds(run, 12)).toEqual([7, 8, 9, 10, 11, 12, 14]);
    expect(viewIds(run, 17)).toEqual([7, 8, 9, 10, 11, 12, 14, 15, 16, 17, 18, 19]);
    expect(viewIds(run, 18)).toEqual([15, 16, 17, 18, 19, 20, 22]);
    expect(viewIds(run, 24)).toEqual([23, 24, 25, 26, 27, 28, 30]);
  });

  it('expected_size(i, 12) and the last-event check hold for every yielded view', () => {
    expect(run.views.length).toBe(120 - run.condensations.length);
    checkSizes(run, 12, 0);
  });

  it('every condensation is a range and never carries a summary', () => {
    for (const { args } of run.condensations) {
      expect(args.forgottenEventIds).toBeNull();
      expect(args.summary).toBeNull();
    }
  });
});

describe('corrected harness: amortized max 12, keep_first 4 (§7.4)', () => {
  const run = harness(build({ type: 'amortized', max_size: 12, keep_first: 4 }), 120, bare);

  it('first condensation range 4–10, second 11–18', () => {
    expect(run.condensations[0]).toEqual({ id: 13, args: range(4, 10) });
    expect(run.condensations[1]!.args).toEqual(range(11, 18));
  });

  it('concrete views: i=12, 18, 24', () => {
    expect(viewIds(run, 12)).toEqual([0, 1, 2, 3, 11, 12, 14]);
    expect(viewIds(run, 18)).toEqual([0, 1, 2, 3, 19, 20, 22]);
    expect(viewIds(run, 24)).toEqual([0, 1, 2, 3, 27, 28, 30]);
  });

  it('expected_size(i, 12), the head and the last event hold for every yielded view', () => {
    checkSizes(run, 12, 4);
  });
});

describe('corrected harness: llm summarizing max 10, keep_first 1 (§7.4)', () => {
  const run = harness(build({ type: 'llm', max_size: 10, keep_first: 1 }), 100, bare, (_request, callIndex) => ({
    content: `Summary ${callIndex}`,
  }));

  it('first condensation at id 10: range 1–7, summary offset 1, action id 11; second range 8–14', () => {
    expect(run.condensations[0]).toEqual({ id: 11, args: range(1, 7, 'Summary 0', 1) });
    expect(run.condensations[1]!.args).toEqual(range(8, 14, 'Summary 1', 1));
  });

  it('concrete views: i=10, 14, 15, 20', () => {
    expect(viewIds(run, 10)).toEqual([0, 'S', 8, 9, 10, 12]);
    expect(viewIds(run, 14)).toEqual([0, 'S', 8, 9, 10, 12, 13, 14, 15, 16]);
    expect(viewIds(run, 15)).toEqual([0, 'S', 15, 16, 17, 19]);
    expect(viewIds(run, 20)).toEqual([0, 'S', 22, 23, 24, 26]);
  });

  it('the view shows the latest summary', () => {
    expect(run.views[10]!.view.entries[1]).toMatchObject({ kind: 'summary', content: 'Summary 0' });
    expect(run.views[15]!.view.entries[1]).toMatchObject({ kind: 'summary', content: 'Summary 1' });
  });

  it('one LLM call per condensation: 15 over 100 events, expected_condensations(i, 10) at every view', () => {
    expect(run.condensations).toHaveLength(15);
    expect(run.requests).toHaveLength(15);
    for (const { i, calls } of run.views) expect(calls, `calls before view ${i}`).toBe(expectedCondensations(i, 10));
  });

  it("the second prompt's PREVIOUS SUMMARY is the first summary", () => {
    expect(run.requests[0]!.messages[0]!.content).toContain(
      '<PREVIOUS SUMMARY>\nNo events summarized\n</PREVIOUS SUMMARY>',
    );
    expect(run.requests[1]!.messages[0]!.content).toContain('<PREVIOUS SUMMARY>\nSummary 0\n</PREVIOUS SUMMARY>');
  });

  it('expected_size(i, 10), head and last event hold for every yielded view', () => {
    checkSizes(run, 10, 1);
  });
});

function summarizerKf3(type: 'llm' | 'structured') {
  const answer: Answer = (_request, callIndex) =>
    type === 'llm'
      ? { content: `Summary ${callIndex}` }
      : { content: null, toolCalls: [{ name: 'create_state_summary', arguments: `{"user_context": "${callIndex}"}` }] };
  return harness(build({ type, max_size: 10, keep_first: 3 }), 100, bare, answer);
}

for (const type of ['llm', 'structured'] as const) {
  describe(`corrected harness: ${type} max 10, keep_first 3 (§7.4)`, () => {
    const run = summarizerKf3(type);

    it('first condensation range 3–9 at offset 3', () => {
      expect(run.condensations[0]!.id).toBe(11);
      expect(run.condensations[0]!.args).toMatchObject({
        forgottenEventsStartId: 3,
        forgottenEventsEndId: 9,
        summaryOffset: 3,
      });
    });

    it('concrete views: i=10, 15, 20', () => {
      expect(viewIds(run, 10)).toEqual([0, 1, 2, 'S', 10, 12]);
      expect(viewIds(run, 15)).toEqual([0, 1, 2, 'S', 17, 19]);
      expect(viewIds(run, 20)).toEqual([0, 1, 2, 'S', 24, 26]);
    });

    it('for i > 10, view[3] is the summary; LLM calls = expected_condensations(i, 10)', () => {
      for (const { i, view, calls } of run.views) {
        if (i >= 10) expect(view.entries[3]!.kind, `view ${i}`).toBe('summary');
        expect(calls, `calls before view ${i}`).toBe(expectedCondensations(i, 10));
      }
    });

    it('expected_size(i, 10), head and last event hold for every yielded view', () => {
      checkSizes(run, 10, 3);
    });
  });
}

describe('corrected harness: structured max 10, keep_first 1 with no tool call (§7.3)', () => {
  const run = harness(build({ type: 'structured', max_size: 10, keep_first: 1 }), 100, bare, () => ({ content: null }));

  it('the empty summary is used and every view has expected_size(i, 10)', () => {
    expect(run.condensations[0]!.args.summary).toContain('# State Summary');
    checkSizes(run, 10, 1);
  });
});

const ranked =
  (pick: (historyIds: number[]) => number[]): Answer =>
  (_request, _callIndex, history) => ({
    content: JSON.stringify({ ids: pick(history.map((event) => event.id)) }),
  });

describe('corrected harness: llm_attention (§7.4)', () => {
  it('max 10, kf 0, response = all history ids in order: i=10 [0,1,2,3,4,12], i=15 [0,1,2,3,4,19]', () => {
    const run = harness(
      build({ type: 'llm_attention', max_size: 10, keep_first: 0 }),
      100,
      bare,
      ranked((all) => all),
    );
    expect(viewIds(run, 10)).toEqual([0, 1, 2, 3, 4, 12]);
    expect(viewIds(run, 15)).toEqual([0, 1, 2, 3, 4, 19]);
    // The size formula holds; the last-event check does not apply (the LLM keeps the oldest events).
    for (const { i, view } of run.views) expect(view.length, `size of view ${i}`).toBe(expectedSize(i, 10));
    for (const { args } of run.condensations) expect(args.forgottenEventsStartId).toBeNull();
  });

  const smallCases: Array<[string, (all: number[]) => number[], (number | 'S' | 'M')[][]]> = [
    ['events outside the history', (all) => [...all, -1, -2, -3, -4], [[0], [0, 1], [0, 4], [0, 7], [0, 10]]],
    ['too many events (ids twice)', (all) => [...all, ...all], [[0], [0, 1], [0, 4], [0, 7], [0, 10]]],
    ['too few events ([])', () => [], [[0], [0, 1], [2, 4], [5, 7], [8, 10]]],
  ];
  for (const [name, pick, firstViews] of smallCases) {
    it(`max 2, kf 0, ${name}`, () => {
      const run = harness(build({ type: 'llm_attention', max_size: 2, keep_first: 0 }), 20, bare, ranked(pick));
      expect(run.views.slice(0, 5).map(({ view }) => ids(view))).toEqual(firstViews);
      for (const { i, view } of run.views) expect(view.length, `size of view ${i}`).toBe(expectedSize(i, 2));
    });
  }

  it('max 12, kf 4, response [] is identical to amortized kf 4', () => {
    const attention = harness(
      build({ type: 'llm_attention', max_size: 12, keep_first: 4 }),
      120,
      bare,
      ranked(() => []),
    );
    const amortized = harness(build({ type: 'amortized', max_size: 12, keep_first: 4 }), 120, bare);
    expect(viewIds(attention, 12)).toEqual([0, 1, 2, 3, 11, 12, 14]);
    expect(viewIds(attention, 18)).toEqual([0, 1, 2, 3, 19, 20, 22]);
    expect(attention.views.map(({ view }) => ids(view))).toEqual(amortized.views.map(({ view }) => ids(view)));
    checkSizes(attention, 12, 4);
  });
});

describe('corrected harness: pipeline Amortized(10, 0) + BrowserOutput(2) (§7.3, §7.4)', () => {
  // Input i: a browser output 'Observation i' (url '') when i % 3 == 0, otherwise a bare event.
  const run = harness(
    build({
      type: 'pipeline',
      condensers: [
        { type: 'amortized', max_size: 10, keep_first: 0 },
        { type: 'browser_output_masking', attention_window: 2 },
      ],
    }),
    30,
    (input, id) => (input % 3 === 0 ? browserObs(id, `Observation ${input}`, '') : msg(id)),
  );

  it('concrete views: i=6, 9, 10, 11', () => {
    expect(viewIds(run, 6)).toEqual(['M', 1, 2, 3, 4, 5, 6]);
    expect(run.views[6]!.view.entries[0]).toMatchObject({ kind: 'masked', content: 'Visited URL \nContent omitted' });
    expect(viewIds(run, 9)).toEqual(['M', 1, 2, 'M', 4, 5, 6, 7, 8, 9]);
    expect(viewIds(run, 10)).toEqual([6, 7, 8, 9, 10, 12]);
    expect(viewIds(run, 11)).toEqual(['M', 7, 8, 9, 10, 12, 13]);
  });

  it('first condensation at id 10: range 0–5, action id 11', () => {
    expect(run.condensations[0]).toEqual({ id: 11, args: range(0, 5) });
  });

  it('26 yielded views, each of expected_size(i, 10), with all but the last 2 browser outputs masked', () => {
    expect(run.views).toHaveLength(26);
    for (const { i, view } of run.views) {
      expect(view.length, `size of view ${i}`).toBe(expectedSize(i, 10));
      const browserish = view.entries.filter(
        (entry) => entry.kind === 'masked' || (entry.kind === 'observation' && entry.type === 'browse'),
      );
      browserish.forEach((entry, k) => {
        const masked = entry.kind === 'masked' && entry.content.includes('Content omitted');
        expect(masked, `view ${i}, browser entry ${k}`).toBe(k < browserish.length - 2);
      });
    }
  });
});
