import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ChatBody, completionFor, completionJson } from './answers.ts';

/**
 * Models that hang, drip, overflow or point elsewhere, as endpoints in the wild do, so that the
 * client's deadline, answer cap and error messages can be tested: a model named after the behaviour
 * gets it on every request.
 */
export const STALL_MODELS = ['never-answer', 'drip', 'huge-body', 'redirect', 'cut-body'] as const;

export type StallModel = (typeof STALL_MODELS)[number];

export function isStallModel(model: string): model is StallModel {
  return (STALL_MODELS as readonly string[]).includes(model);
}

export interface StallOptions {
  /** Milliseconds between two bytes of model 'drip'. */
  readonly dripMs: number;
  /** Bytes of the answer model 'huge-body' sends (without a Content-Length, as a stream). */
  readonly hugeBodyBytes: number;
  /** Where model 'redirect' sends the client: this server under another origin (localhost for 127.0.0.1). */
  readonly redirectOrigin: string;
}

const closed = (response: ServerResponse) => response.destroyed || response.writableEnded;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves once the response can take more (or is gone): the client reads a huge body at its own pace. */
function drained(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.once('drain', done);
    response.once('close', done);
  });
}

/** A completion whose answer is `bytes` long, written a piece at a time. */
async function sendHuge(body: ChatBody, response: ServerResponse, bytes: number): Promise<void> {
  const completion = JSON.stringify(completionJson(completionFor(body)));
  const marker = '"content":"';
  const at = completion.indexOf(marker) + marker.length;
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.write(completion.slice(0, at));
  const piece = 'x'.repeat(64 * 1024);
  for (let sent = 0; sent < bytes && !closed(response); sent += piece.length) {
    if (!response.write(piece)) await drained(response);
  }
  if (!closed(response)) response.end(completion.slice(at));
}

/** Headers at once, then the body one byte every `ms`, for as long as the client listens. */
async function sendDrip(body: ChatBody, response: ServerResponse, ms: number): Promise<void> {
  const completion = JSON.stringify(completionJson(completionFor(body)));
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.flushHeaders();
  for (let next = 0; next < completion.length && !closed(response); next++) {
    response.write(completion[next]);
    await sleep(ms);
  }
  if (!closed(response)) response.end();
}

/**
 * Carries out the behaviour of `model`; resolves with the status sent, or 'aborted' when the client
 * went away first (or the server cut the connection on purpose).
 */
export async function sendStall(
  model: StallModel,
  body: ChatBody,
  request: IncomingMessage,
  response: ServerResponse,
  options: StallOptions,
): Promise<number | 'aborted'> {
  switch (model) {
    case 'never-answer':
      // Nothing, ever: only the client's own deadline ends this.
      await new Promise((resolve) => response.once('close', resolve));
      return 'aborted';
    case 'drip':
      await sendDrip(body, response, options.dripMs);
      return response.writableFinished ? 200 : 'aborted';
    case 'huge-body':
      await sendHuge(body, response, options.hugeBodyBytes);
      return response.writableFinished ? 200 : 'aborted';
    case 'redirect':
      response.writeHead(307, { Location: `${options.redirectOrigin}${request.url ?? '/'}` }).end();
      return 307;
    case 'cut-body': {
      // Headers and the start of the answer, then the connection drops (a proxy timing out mid-answer).
      const start = JSON.stringify(completionJson(completionFor(body))).slice(0, 40);
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(start.length * 4) });
      response.write(start);
      await sleep(20);
      response.socket?.destroy();
      return 'aborted';
    }
  }
}
