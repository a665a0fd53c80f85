import { describe, expect, it } from 'vitest';
import { type LlmRequest } from '../../../../src/engine/index.ts';
import { type View, type ViewEntry, parseCondenserConfig, viewOf } from '../../../../src/engine/v0/index.ts';
import { build, cmd, cmdOut, condensationOf, condense, explicit, messages, msg } from '../factory.ts';

function attention(maxSize: number, keepFirst: number) {
  return build({ type: 'llm_attention', max_size: maxSize, keep_first: keepFirst });
}

/** Condenses with an LLM ranking `ranked`; returns the forgotten list and the request. */
function rank(view: View, ranked: unknown, maxSize = 10, keepFirst = 0) {
  const { result, requests } = condense(attention(maxSize, keepFirst), view, () => ({
    content: JSON.stringify({ ids: ranked }),
  }));
  return { args: condensationOf(result), request: requests[0] as LlmRequest };
}

const eleven = () => viewOf(messages(11));

describe('llm_attention condenser: selection (§4.9)', () => {
  it('an LLM ranking the ids in order keeps the first target ids: max 10, kf 0 → forget [5..10]', () => {
    expect(rank(eleven(), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]).args).toEqual(explicit([5, 6, 7, 8, 9, 10]));
  });

  it('an empty answer keeps the most recent: max 10, kf 0 → forget [0..5]', () => {
    expect(rank(eleven(), []).args).toEqual(explicit([0, 1, 2, 3, 4, 5]));
  });

  it('a partial answer is refilled from the end of the view', () => {
    // keep 2 and 7, then walk from the end: 10, 9, 8 → kept {2,7,8,9,10}.
    expect(rank(eleven(), [2, 7]).args).toEqual(explicit([0, 1, 3, 4, 5, 6]));
  });

  it('the refill skips ids that are already kept', () => {
    // keep 10 and 9 (answer), then the walk from the end skips them: 8, 7, 6.
    expect(rank(eleven(), [10, 9]).args).toEqual(explicit([0, 1, 2, 3, 4, 5]));
  });

  it('duplicates count toward the quota and shrink the view', () => {
    expect(rank(eleven(), [3, 3, 3, 3, 3]).args).toEqual(explicit([0, 1, 2, 4, 5, 6, 7, 8, 9, 10]));
  });

  it('ids absent from the view count toward the quota', () => {
    expect(rank(eleven(), [-1, -2, -3, -4, 7]).args).toEqual(explicit([0, 1, 2, 3, 4, 5, 6, 8, 9, 10]));
  });

  it('unknown ids after enough real ones are cut by the quota', () => {
    expect(rank(eleven(), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1, -2, -3, -4]).args).toEqual(
      explicit([5, 6, 7, 8, 9, 10]),
    );
  });

  it('head ids are removed from the answer before the quota is applied', () => {
    // kf 1, max 10: target 5, events_from_tail 4; answer [0, 5] → [5] → refill 10, 9, 8.
    expect(rank(eleven(), [0, 5], 10, 1).args).toEqual(explicit([1, 2, 3, 4, 6, 7]));
  });

  it('the head is never forgotten even when the answer ignores it', () => {
    // kf 2: target 5, quota 3; answer [8, 9, 10].
    expect(rank(eleven(), [8, 9, 10], 10, 2).args).toEqual(explicit([2, 3, 4, 5, 6, 7]));
  });

  it('a request on a short view gives an empty explicit list, never an error', () => {
    const { result } = condense(attention(10, 1), viewOf(messages(3), true), () => ({ content: '{"ids": []}' }));
    expect(condensationOf(result)).toEqual(explicit([]));
  });

  it('always the explicit-list form, even for a contiguous block', () => {
    const { args } = rank(eleven(), []);
    expect(args.forgottenEventsStartId).toBeNull();
    expect(args.forgottenEventsEndId).toBeNull();
    expect(args.summary).toBeNull();
    expect(args.summaryOffset).toBeNull();
  });

  it('returns the same view when len <= max_size and no request', () => {
    const view = viewOf(messages(10));
    const { result, requests } = condense(attention(10, 0), view);
    expect(result).toBe(view);
    expect(requests).toHaveLength(0);
  });
});

describe('llm_attention condenser: the request (§4.9)', () => {
  it('an instruction message, then one user message per view event (head included) with its message property', () => {
    const view = viewOf([msg(0, 'the task'), cmd(1, 'ls'), cmdOut(2, 1, 'a.py'), ...messages(8, 3)]);
    const { request } = rank(view, [], 10, 1);
    expect(request.condenser).toBe('llm_attention');
    expect(request.messages).toHaveLength(1 + 11);
    expect(request.messages.every((message) => message.role === 'user')).toBe(true);
    expect(request.messages[1]!.content).toBe('<ID>0</ID>\n<CONTENT>the task</CONTENT>');
    expect(request.messages[2]!.content).toBe('<ID>1</ID>\n<CONTENT>Running command: ls</CONTENT>');
    expect(request.messages[3]!.content).toBe('<ID>2</ID>\n<CONTENT>Command `ls` executed with exit code 0.</CONTENT>');
    expect(request.messages[11]!.content).toBe('<ID>10</ID>\n<CONTENT>Event 10</CONTENT>');
  });

  it('asks for the ImportantEventSelection JSON schema', () => {
    const { request } = rank(eleven(), []);
    expect(request.responseSchema?.name).toBe('ImportantEventSelection');
    expect(request.responseSchema?.schema).toMatchObject({
      properties: { ids: { items: { type: 'integer' }, title: 'Ids', type: 'array' } },
      required: ['ids'],
      title: 'ImportantEventSelection',
      type: 'object',
    });
  });
});

describe('llm_attention condenser: errors propagate (§4.9)', () => {
  it('an answer that is not JSON throws', () => {
    expect(() => condense(attention(10, 0), eleven(), () => ({ content: 'not json' }))).toThrow();
  });

  it('JSON without an ids list throws', () => {
    expect(() => condense(attention(10, 0), eleven(), () => ({ content: '{"keep": [1]}' }))).toThrow();
  });

  it('null content throws', () => {
    expect(() => condense(attention(10, 0), eleven(), () => ({ content: null }))).toThrow();
  });
});

describe('llm_attention condenser: the answer read as pydantic reads ImportantEventSelection (issue 9)', () => {
  /** max 10, kf 0 over ids 0..20: the quota is 5, the answer's ids first, then the refill from the end. */
  function answered(content: string) {
    const { result } = condense(attention(10, 0), viewOf(messages(21)), () => ({ content }));
    return condensationOf(result);
  }
  const allBut = (kept: number[]) =>
    explicit(Array.from({ length: 21 }, (_, id) => id).filter((id) => !kept.includes(id)));

  it.each([
    ['{"ids": ["9.0"]}', [9, 20, 19, 18, 17]],
    ['{"ids": [true, 9]}', [1, 9, 20, 19, 18]],
    ['{"ids": ["1_0"]}', [10, 20, 19, 18, 17]],
    ['{"ids": [9.0, " 8 ", "+7"]}', [9, 8, 7, 20, 19]],
    ['{"ids": [3], "why": "ignored"}', [3, 20, 19, 18, 17]],
  ])('%s is accepted: keeps %j', (content, kept) => {
    expect(answered(content)).toEqual(allBut(kept));
  });

  it.each([
    '{"ids": ["9.5"]}',
    '{"ids": [9.5]}',
    '{"ids": ["1e2"]}',
    '{"ids": ["1__0"]}',
    '{"ids": [null]}',
    '{"ids": [[1]]}',
    '{"ids": null}',
    '{"ids": "12"}',
    '[1, 2]',
  ])('%s is refused, as pydantic raises ValidationError', (content) => {
    expect(() => answered(content)).toThrow(
      expect.objectContaining({ pythonError: expect.stringContaining('ValidationError') }),
    );
  });
});

describe('llm_attention condenser: duplicate ids are forgotten once per view entry (issue 9)', () => {
  const masked = (original: ViewEntry): ViewEntry => ({ kind: 'masked', content: '<MASKED>', original });

  it('two placeholders (id -1) not ranked: forgotten [1, -1, 3, -1] in view order', () => {
    const view = viewOf([msg(0), cmd(1), masked(cmdOut(2, 1)), cmd(3), masked(cmdOut(4, 3)), cmd(5), cmdOut(6, 5)]);
    const { result } = condense(attention(6, 1), view, () => ({ content: '{"ids": [6, 5]}' }));
    expect(condensationOf(result)).toEqual(explicit([1, -1, 3, -1]));
  });

  it('an event twice in the view (recent repeating its head) is listed twice', () => {
    const view = viewOf([msg(0), msg(1), msg(0), msg(1), msg(2), msg(3), msg(4)]);
    const { result } = condense(attention(6, 0), view, () => ({ content: '{"ids": [4, 3, 2]}' }));
    expect(condensationOf(result)).toEqual(explicit([0, 1, 0, 1]));
  });
});

describe('llm_attention condenser: config (§4.9)', () => {
  it('defaults max_size 100, keep_first 1, and rejects keep_first >= max_size // 2', () => {
    expect(parseCondenserConfig({ type: 'llm_attention' })).toMatchObject({ max_size: 100, keep_first: 1 });
    expect(() => parseCondenserConfig({ type: 'llm_attention', max_size: 4, keep_first: 2 })).toThrow(
      expect.objectContaining({ path: 'keep_first' }),
    );
  });
});
