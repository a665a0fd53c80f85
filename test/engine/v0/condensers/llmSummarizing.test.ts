import { describe, expect, it } from 'vitest';
import { type LlmAnswer, type LlmRequest, OpenHandsFailure } from '../../../../src/engine/index.ts';
import { type View, parseCondenserConfig, viewFromEvents, viewOf } from '../../../../src/engine/v0/index.ts';
import { browserObs, build, cond, condensationOf, condense, ids, messages, msg, range } from '../factory.ts';

const MARKER = '\n[... Observation truncated due to length ...]\n';
const answer = (content: string | null) => (): LlmAnswer => ({ content });

function llm(maxSize: number, keepFirst: number, extra: Record<string, unknown> = {}) {
  return build({ type: 'llm', max_size: maxSize, keep_first: keepFirst, ...extra });
}

function promptOf(request: LlmRequest): string {
  expect(request.condenser).toBe('llm');
  expect(request.messages).toHaveLength(1);
  expect(request.messages[0]!.role).toBe('user');
  return request.messages[0]!.content;
}

function eventIdsIn(prompt: string): number[] {
  return [...prompt.matchAll(/<EVENT id=(-?\d+)>/g)].map((match) => Number(match[1]));
}

function messageText(id: number) {
  return `**MessageAction** (source=EventSource.USER)\nCONTENT: Event ${id}`;
}

/** Runs condense and returns the failure with the number of LLM calls made before it. */
function failure(view: View, condenser = llm(100, 1)) {
  let calls = 0;
  try {
    condense(condenser, view, () => {
      calls++;
      return { content: 'summary' };
    });
  } catch (error) {
    if (error instanceof OpenHandsFailure) return { error, calls };
    throw error;
  }
  throw new Error('expected an OpenHandsFailure');
}

describe('llm summarizing condenser: trigger (§4.7)', () => {
  it('returns the same view when len <= max_size and no request, without an LLM call', () => {
    const view = viewOf(messages(10));
    const { result, requests } = condense(llm(10, 1), view);
    expect(result).toBe(view);
    expect(requests).toHaveLength(0);
  });

  it('defaults: keep_first 1, max_size 100, max_event_length 10000', () => {
    expect(parseCondenserConfig({ type: 'llm' })).toMatchObject({
      keep_first: 1,
      max_size: 100,
      max_event_length: 10_000,
    });
  });
});

describe('llm summarizing condenser: first condensation, max 10, keep_first 1 (§4.7, §7.4)', () => {
  const view = viewOf(messages(11));
  const { result, requests } = condense(llm(10, 1), view, answer('SUMMARY ONE'));

  it('forgets the range 1–7 with the raw summary at offset keep_first', () => {
    expect(condensationOf(result)).toEqual(range(1, 7, 'SUMMARY ONE', 1));
    expect(requests).toHaveLength(1);
  });

  it('the prompt shows the placeholder previous summary', () => {
    expect(promptOf(requests[0]!)).toContain(
      '<PREVIOUS SUMMARY>\nNo events summarized\n</PREVIOUS SUMMARY>\n\n\n<EVENT id=1>\n',
    );
  });

  it('the prompt has one <EVENT id=N> block per forgotten id, in view order', () => {
    const prompt = promptOf(requests[0]!);
    expect(eventIdsIn(prompt)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (let id = 1; id <= 7; id++) expect(prompt).toContain(`<EVENT id=${id}>\n${messageText(id)}\n</EVENT>\n`);
  });

  it('a closing sentence follows the last </EVENT> directly', () => {
    const prompt = promptOf(requests[0]!);
    const tail = prompt.slice(prompt.lastIndexOf('</EVENT>\n') + '</EVENT>\n'.length);
    expect(tail.length).toBeGreaterThan(0);
    expect(tail.startsWith('\n')).toBe(false);
  });
});

describe('llm summarizing condenser: second condensation carries the previous summary (§7.4)', () => {
  const history = [...messages(11), cond(11, range(1, 7, 'First summary', 1)), ...messages(6, 12)];
  const view = viewFromEvents(history);

  it('the view is [0, S, 8, 9, 10, 12..17]', () => {
    expect(ids(view)).toEqual([0, 'S', 8, 9, 10, 12, 13, 14, 15, 16, 17]);
  });

  it('forgets 8–14 and puts the first summary in <PREVIOUS SUMMARY>, skipping the summary as an event', () => {
    const { result, requests } = condense(llm(10, 1), view, answer('Second summary'));
    expect(condensationOf(result)).toEqual(range(8, 14, 'Second summary', 1));
    const prompt = promptOf(requests[0]!);
    expect(prompt).toContain('<PREVIOUS SUMMARY>\nFirst summary\n</PREVIOUS SUMMARY>\n');
    expect(prompt).not.toContain('No events summarized');
    expect(eventIdsIn(prompt)).toEqual([8, 9, 10, 12, 13, 14]);
  });
});

describe('llm summarizing condenser: condensation observations (§4.7, §8.10)', () => {
  it('masked entries are skipped as events, and one at keep_first is taken for the previous summary', () => {
    const pipeline = build({
      type: 'pipeline',
      condensers: [
        { type: 'browser_output_masking', attention_window: 1 },
        { type: 'llm', max_size: 10, keep_first: 1 },
      ],
    });
    // Masking turns B1 and B3 into placeholders: [0, M, 2, M, 4, 5, 6, 7, 8, 9, B10].
    const view = viewOf([
      msg(0),
      browserObs(1, 'page', 'u1'),
      msg(2),
      browserObs(3, 'page', 'u3'),
      ...messages(6, 4),
      browserObs(10),
    ]);
    const { result, requests } = condense(pipeline, view, answer('S'));
    const prompt = promptOf(requests[0]!);
    expect(prompt).toContain('<PREVIOUS SUMMARY>\nVisited URL u1\nContent omitted\n</PREVIOUS SUMMARY>');
    expect(eventIdsIn(prompt)).toEqual([2, 4, 5, 6, 7]);
    // The range is numeric: it also covers id 3, whose placeholder was skipped.
    expect(condensationOf(result)).toEqual(range(2, 7, 'S', 1));
  });
});

describe('llm summarizing condenser: truncation of events (§4.7 truncate)', () => {
  it('cuts the previous summary and every event to max_event_length', () => {
    const { requests } = condense(llm(10, 1, { max_event_length: 10 }), viewOf(messages(11)), answer('x'));
    const prompt = promptOf(requests[0]!);
    const placeholder = 'No events summarized';
    expect(prompt).toContain(
      `<PREVIOUS SUMMARY>\n${placeholder.slice(0, 5)}${MARKER}${placeholder.slice(-5)}\n</PREVIOUS SUMMARY>`,
    );
    const text = messageText(3);
    expect(prompt).toContain(`<EVENT id=3>\n${text.slice(0, 5)}${MARKER}${text.slice(-5)}\n</EVENT>\n`);
  });
});

describe('llm summarizing condenser: failures (§4.7, §8.3, §8.4)', () => {
  it('IndexError when len(view) <= keep_first, before any LLM call', () => {
    const a = failure(viewOf(messages(2), true), llm(10, 2));
    expect(a.error.pythonError).toBe('IndexError: list index out of range');
    expect(a.calls).toBe(0);
    const b = failure(viewOf([], true), llm(10, 1));
    expect(b.error.pythonError).toBe('IndexError: list index out of range');
    expect(b.calls).toBe(0);
    const c = failure(viewOf(messages(1), true), llm(10, 1));
    expect(c.error.pythonError).toBe('IndexError: list index out of range');
  });

  for (const length of [2, 3, 5, 49]) {
    it(`max 100, kf 1, request at length ${length}: the LLM is called once, then ValueError from min([])`, () => {
      const { error, calls } = failure(viewOf(messages(length), true));
      expect(error.pythonError).toBe('ValueError: min() arg is an empty sequence');
      expect(calls).toBe(1);
    });
  }

  it('max 100, kf 1, request at length 50 → range 1–1', () => {
    const { result, requests } = condense(llm(100, 1), viewOf(messages(50), true), answer('s'));
    expect(condensationOf(result)).toEqual(range(1, 1, 's', 1));
    expect(eventIdsIn(promptOf(requests[0]!))).toEqual([1]);
  });

  it.each([
    [4, 1],
    [5, 1],
    [2, 0],
    [3, 0],
  ])(
    'max %i, kf %i never condenses: events_from_tail 0 → empty candidate list after an LLM call',
    (maxSize, keepFirst) => {
      let prompt = '';
      let calls = 0;
      const condenser = llm(maxSize, keepFirst);
      expect(() =>
        condense(condenser, viewOf(messages(maxSize + 1)), (request) => {
          calls++;
          prompt = promptOf(request);
          return { content: 's' };
        }),
      ).toThrow(expect.objectContaining({ pythonError: 'ValueError: min() arg is an empty sequence' }));
      expect(calls).toBe(1);
      expect(eventIdsIn(prompt)).toEqual([]);
    },
  );

  it('null content from the LLM → ValueError (summary without text but with an offset)', () => {
    let thrown: unknown;
    try {
      condense(llm(10, 1), viewOf(messages(11)), answer(null));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(OpenHandsFailure);
    expect((thrown as OpenHandsFailure).pythonError).toMatch(/^ValueError/);
  });

  it('the summary is used raw, whitespace included; an empty string is a valid summary', () => {
    expect(condensationOf(condense(llm(10, 1), viewOf(messages(11)), answer('  raw\n')).result)).toEqual(
      range(1, 7, '  raw\n', 1),
    );
    expect(condensationOf(condense(llm(10, 1), viewOf(messages(11)), answer('')).result)).toEqual(range(1, 7, '', 1));
  });
});
