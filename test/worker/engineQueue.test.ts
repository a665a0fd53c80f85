import { describe, expect, it } from 'vitest';
import type { AnswerLlmAsync } from '../../src/engine/index.ts';
import { EngineQueue } from '../../src/worker/engineQueue.ts';
import { createInThreadEngineClient } from '../../src/worker/index.ts';
import { sampleSessionText } from '../helpers/appStore.ts';

const sample = JSON.parse(sampleSessionText()) as {
  log: { kind: 'file'; file: { path: string; text: string } };
  session: { config: unknown };
};

describe('EngineQueue', () => {
  it('runs requests one after another, in order', async () => {
    const queue = new EngineQueue();
    const seen: string[] = [];
    const slow = queue.run(async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      seen.push('first');
    });
    const fast = queue.run(async () => {
      seen.push('second');
    });
    await Promise.all([slow, fast]);
    expect(seen).toEqual(['first', 'second']);
  });

  it('lets later requests run while one waits outside, then gives it its turn back', async () => {
    const queue = new EngineQueue();
    const seen: string[] = [];
    let answer!: () => void;
    const network = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const waiting = queue.run(async (outside) => {
      seen.push('live: before the call');
      await outside(() => network);
      seen.push('live: after the call');
    });
    await queue.run(async () => {
      seen.push('import');
    });
    expect(seen).toEqual(['live: before the call', 'import']);
    answer();
    await waiting;
    expect(seen).toEqual(['live: before the call', 'import', 'live: after the call']);
  });
});

describe('the engine client with an endpoint that never answers', () => {
  /** An LLM that answers nothing until cancelled, as a silent endpoint does. */
  const silent =
    () =>
    ({ signal }: { signal?: AbortSignal }): AnswerLlmAsync =>
    () =>
      new Promise((_, reject) =>
        signal?.addEventListener('abort', () => reject(new Error('cancelled')), { once: true }),
      );

  const endpoint = { baseURL: 'http://127.0.0.1:9/v1', model: 'm', apiKey: 'k' };

  it('imports and replays while a connection test waits, and Cancel ends the test', async () => {
    const client = createInThreadEngineClient((_endpoint, options) => silent()(options));
    const controller = new AbortController();
    const testing = client.call('testEndpoint', { endpoint }, { signal: controller.signal });
    const opened = await client.call('open', { input: sample.log, instance: null });
    expect(opened.rows).toHaveLength(185);
    controller.abort();
    await expect(testing).rejects.toThrow('cancelled');
  });

  it('answers other requests while a live run waits on the network; a run outlived by its log is not taken for the new one', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const client = createInThreadEngineClient(() => async () => {
      await gate;
      return { content: 'a summary' };
    });
    await client.call('open', { input: sample.log, instance: null });
    const config = { type: 'llm', max_size: 40, keep_first: 2 };
    const live = client.call('liveReplay', { config, mode: 'resimulate', answers: {}, onMissing: 'stop', endpoint });
    const replayed = await client.call('replay', { config, mode: 'resimulate', answers: {}, onMissing: 'placeholder' });
    expect(replayed.ok && replayed.summary.llm.placeholders).toBeGreaterThan(0);
    expect((await client.call('open', { input: sample.log, instance: null })).rows).toHaveLength(185);
    open();
    await expect(live).rejects.toThrow('another log was opened during the live run; its answers were kept');
  });
});
