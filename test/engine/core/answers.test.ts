import { describe, expect, it } from 'vitest';
import {
  type AnswerLog,
  type LlmRequest,
  lazyRequest,
  placeholderAnswer,
  recordedLlm,
  recordingScript,
  requestKey,
  runSync,
} from '../../../src/engine/index.ts';
import { buildCondenser, parseCondenserConfig, prepareLog, replay } from '../../../src/engine/v0/index.ts';
import { readV0Event } from '../../../src/formats/v0Event.ts';
import { v0Events } from '../../helpers/logs.ts';

const log = prepareLog(v0Events(30).map((raw, i) => readV0Event(raw, i, `[${i}]`)));

function replayWith(config: object, answer: Parameters<typeof runSync>[1], prompts?: { llm?: string }) {
  return runSync(
    replay({ log, mode: 'resimulate', condenser: buildCondenser(parseCondenserConfig(config), prompts) }),
    answer,
  );
}

function requestsOf(config: object, prompts?: { llm?: string }): LlmRequest[] {
  const seen: LlmRequest[] = [];
  replayWith(
    config,
    (request, call) => {
      seen.push(request);
      return placeholderAnswer(request, call);
    },
    prompts,
  );
  return seen;
}

describe('requestKey', () => {
  it('is the same for the same request and differs when the prompt would differ', () => {
    const first = requestsOf({ type: 'llm', max_size: 10, keep_first: 1 });
    const again = requestsOf({ type: 'llm', max_size: 10, keep_first: 1 });
    expect(first.length).toBeGreaterThan(2);
    expect(first.map(requestKey)).toEqual(again.map(requestKey));
    expect(new Set(first.map(requestKey)).size).toBe(first.length);
    const otherTemplate = requestsOf(
      { type: 'llm', max_size: 10, keep_first: 1 },
      { llm: 'Summarize: {previous_summary} {events}' },
    );
    expect(requestKey(otherTemplate[0]!)).not.toBe(requestKey(first[0]!));
    const otherKeepFirst = requestsOf({ type: 'llm', max_size: 10, keep_first: 2 });
    expect(requestKey(otherKeepFirst[0]!)).not.toBe(requestKey(first[0]!));
    expect(requestKey(first[0]!)).toMatch(/^llm:[0-9a-f]{40}$/);
  });

  it("knows every V0 summarizer's identity as quoted JSON by its length, without writing it", () => {
    const configs = [
      { type: 'llm', max_size: 10, keep_first: 1 },
      { type: 'structured', max_size: 10, keep_first: 2 },
      { type: 'llm_attention', max_size: 10, keep_first: 1 },
    ];
    for (const config of configs) {
      const requests = requestsOf(config, { llm: 'Sum "up" \\ {previous_summary}\n\t{events} \ud83d' });
      expect(requests.length).toBeGreaterThan(2);
      for (const request of requests)
        expect([config.type, request.identityJsonLength]).toEqual([
          config.type,
          JSON.stringify(request.identity).length,
        ]);
    }
  });

  it('keeps the keys stored sessions and reproduction files hold (their format may never change)', () => {
    const odd = 'USER "quoted" \\ back\nnew\ttab\u0001ctl\u001f \ud83d\ude00 pair \ud800 lone \udc00 low é 漢';
    // Computed by the code that wrote the first stored keys (JSON of the request, then hashed).
    expect(
      requestKey({ condenser: 'llm', identity: JSON.stringify(['tmpl "x"', odd, 10000, [1, 2, 3]]), messages: [] }),
    ).toBe('llm:18adeaad5245083a7b557ea87532ad7c0000009f');
    const tool = { type: 'function', function: { name: 'create_state_summary', parameters: { a: '"\\' } } } as const;
    expect(
      requestKey({
        condenser: 'structured',
        identity: odd,
        tools: [tool as never],
        forcedTool: 'create_state_summary',
        messages: [],
      }),
    ).toBe('structured:182e063c73feb57ed7510702c0b21a0a000000db');
    expect(
      requestKey({
        condenser: 'llm_attention',
        identity: '',
        responseSchema: { name: 'x', schema: { type: 'object' } },
        messages: [],
      }),
    ).toBe('llm_attention:d6c77c4d865637afce047b63828f60e000000046');
  });

  it('names the condenser, so a structured and an llm request never share answers', () => {
    const llm = requestsOf({ type: 'llm', max_size: 10, keep_first: 1 })[0]!;
    const structured = requestsOf({ type: 'structured', max_size: 10, keep_first: 1 })[0]!;
    expect(requestKey(structured)).not.toBe(requestKey(llm));
    expect(requestKey(structured)).toMatch(/^structured:/);
  });
});

describe('recorded answers', () => {
  const config = { type: 'llm', max_size: 10, keep_first: 1 };

  it('replay offline identically once recorded', () => {
    const recorded: Record<string, { content: string }> = {};
    const script = Array.from({ length: 20 }, (_, i) => ({ content: `summary ${i}` }));
    const scripted = replayWith(config, recordingScript(script, recorded));
    const log1: AnswerLog = { hits: 0, misses: 0, calls: [] };
    const offline = replayWith(config, recordedLlm(recorded, 'stop', log1));
    expect(offline.condensations.map((c) => c.args.summary)).toEqual(scripted.condensations.map((c) => c.args.summary));
    expect(log1).toMatchObject({ hits: scripted.llmCalls, misses: 0 });
  });

  it('miss only the requests a prompt change touches', () => {
    const recorded: Record<string, { content: string }> = {};
    replayWith(
      config,
      recordingScript(
        Array.from({ length: 20 }, (_, i) => ({ content: `summary ${i}` })),
        recorded,
      ),
    );
    // max_event_length changes every prompt; a larger max_size only the later ones.
    const changed: AnswerLog = { hits: 0, misses: 0, calls: [] };
    replayWith({ ...config, max_event_length: 50 }, recordedLlm(recorded, 'placeholder', changed));
    expect(changed.hits).toBe(0);
    expect(changed.misses).toBeGreaterThan(0);
    const wider: AnswerLog = { hits: 0, misses: 0, calls: [] };
    const result = replayWith({ ...config, max_size: 12 }, recordedLlm(recorded, 'placeholder', wider));
    expect(wider.misses).toBe(result.llmCalls);
    expect(wider.calls.every((call) => call.placeholder)).toBe(true);
  });

  it('keys a request only when an answer of its kind was recorded, and then finds it', () => {
    let built = 0;
    const ask = () =>
      lazyRequest(
        { condenser: 'llm' },
        {
          identity: () => {
            built++;
            return ['the same prompt'];
          },
          messages: () => [{ role: 'user', content: 'summarize' }],
        },
      );
    const nothingOfItsKind = recordedLlm({ 'structured:0123': { content: 'other' } }, 'placeholder');
    expect(nothingOfItsKind(ask(), 0)).toEqual(placeholderAnswer(ask(), 0));
    expect(built).toBe(0);
    const request = ask();
    const answered = recordedLlm({ [requestKey(request)]: { content: 'recorded' } }, 'stop');
    expect(answered(ask(), 0)).toEqual({ content: 'recorded' });
    // Read once per request, however often it is read.
    expect(requestKey(request)).toBe(requestKey(ask()));
    expect(built).toBe(3);
  });

  it('rules out a request by its quoted length without writing its identity, and finds one of that length', () => {
    let written = 0;
    const template = 'Summarize "these" events:\n{events}\t\u0001 \ud83d';
    const ask = (previous: string) =>
      lazyRequest(
        { condenser: 'llm' },
        {
          identity: () => [template, previous, 200, [4, 5, 6]],
          messages: () => [{ role: 'user', content: 'x' }],
        },
      );
    const recorded = ask('the summary so far');
    const key = requestKey(recorded);
    expect(recorded.identityJsonLength).toBe(JSON.stringify(recorded.identity).length);
    const llm = recordedLlm({ [key]: { content: 'recorded' } }, 'placeholder');
    // Only what a lookup reads (a spread would read the identity too).
    const counted = (request: LlmRequest): LlmRequest => ({
      condenser: request.condenser,
      messages: [],
      identityJsonLength: request.identityJsonLength,
      get identity() {
        written++;
        return request.identity;
      },
    });
    // Another previous summary, of another length: no key is its length, and its identity is never written.
    const other = counted(ask('another summary, longer than the first'));
    expect(llm(other, 0)).toEqual(placeholderAnswer(other, 0));
    expect(written).toBe(0);
    expect(llm(counted(ask('the summary so far')), 0)).toEqual({ content: 'recorded' });
    expect(written).toBe(1);
  });

  it('answers only from the exact key: not from one differing in its hash or in its end alone', () => {
    const ask = (identity: string) =>
      lazyRequest(
        { condenser: 'llm' },
        { identity: () => [identity], messages: () => [{ role: 'user', content: 'x' }] },
      );
    const key = requestKey(ask('a prompt'));
    const otherHash = `llm:${'0'.repeat(32)}${key.slice(-8)}`;
    const otherEnd = `${key.slice(0, -8)}${'f'.repeat(8)}`;
    const near = recordedLlm({ [otherHash]: { content: 'A' }, [otherEnd]: { content: 'B' } }, 'placeholder');
    expect(near(ask('a prompt'), 0)).toEqual(placeholderAnswer(ask('a prompt'), 0));
    const exact = recordedLlm(
      { [otherHash]: { content: 'A' }, [key]: { content: 'C' }, [otherEnd]: { content: 'B' } },
      'placeholder',
    );
    expect(exact(ask('a prompt'), 0)).toEqual({ content: 'C' });
    // A prompt of another length is not the recorded one, whatever else it shares.
    expect(exact(ask('a prompt, longer'), 0)).toEqual(placeholderAnswer(ask('a prompt, longer'), 0));
  });

  it('stops with a plain message when asked to and nothing is recorded', () => {
    const result = replayWith(config, recordedLlm({}, 'stop'));
    const failure = result.steps.at(-1)!.failure!;
    expect(failure.kind).toBe('llm');
    expect(failure.message).toMatch(/^No recorded answer for LLM call 1/);
  });
});
