import { describe, expect, it } from 'vitest';
import { AnswerCutError, AnswerTooLargeError, boundedFetch, newWatch } from '../../src/llm/boundedFetch.ts';
import { rejected } from '../helpers/thrown.ts';

const streamOf = (...pieces: Array<Uint8Array | Error>) => {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces[next++];
      if (piece === undefined) controller.close();
      else if (piece instanceof Error) controller.error(piece);
      else controller.enqueue(piece);
    },
  });
};

describe('boundedFetch', () => {
  it('refuses an answer whose declared length passes the cap before reading any of it', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(10));
      },
    });
    const watch = newWatch();
    const fetch = boundedFetch(async () => new Response(body, { headers: { 'content-length': '2000' } }), 1000, watch);
    const error = await rejected(fetch('http://127.0.0.1:1/x'), AnswerTooLargeError);
    expect(error.maxBytes).toBe(1000);
    expect(watch).toEqual({ answered: true, bytes: 0, stopped: 'too-large' });
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it('passes an answer under the cap through unchanged, counting it', async () => {
    const watch = newWatch();
    const fetch = boundedFetch(
      async () =>
        new Response(streamOf(new TextEncoder().encode('{"ok":'), new TextEncoder().encode('true}')), {
          status: 201,
          headers: { 'x-a': 'b' },
        }),
      1000,
      watch,
    );
    const response = await fetch('http://127.0.0.1:1/x');
    expect(response.status).toBe(201);
    expect(response.headers.get('x-a')).toBe('b');
    expect(await response.json()).toEqual({ ok: true });
    expect(watch).toEqual({ answered: true, bytes: 11, stopped: null });
  });

  it('stops a streamed answer at the cap, and names a body that broke off as cut', async () => {
    const big = boundedFetch(
      async () => new Response(streamOf(new Uint8Array(600), new Uint8Array(600), new Uint8Array(600))),
      1000,
      newWatch(),
    );
    await rejected((await big('http://127.0.0.1:1/x')).arrayBuffer(), AnswerTooLargeError);
    const watch = newWatch();
    const cut = boundedFetch(
      async () => new Response(streamOf(new Uint8Array(300), new TypeError('network error'))),
      1000,
      watch,
    );
    const error = await rejected((await cut('http://127.0.0.1:1/x')).text(), AnswerCutError);
    expect(error.bytes).toBe(300);
    expect(watch.stopped).toBe('cut');
  });

  it('leaves bodiless answers alone', async () => {
    const watch = newWatch();
    const response = await boundedFetch(
      async () => new Response(null, { status: 204 }),
      1000,
      watch,
    )('http://127.0.0.1:1/x');
    expect(response.status).toBe(204);
    expect(watch.answered).toBe(true);
  });
});
