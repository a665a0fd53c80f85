import type { AgentTranscript, TranscriptMessage } from '../../store/index.ts';

/** Where a copied request goes and what it asks with. The key is never part of it. */
export interface RequestTarget {
  /** The model the step's call recorded (else the LLM settings'); null when nothing names one. */
  readonly model: string | null;
  /** The LLM settings' endpoint, else OpenAI's. */
  readonly baseURL: string;
  /** The sampling parameters the log recorded for the agent's calls. */
  readonly sampling: { readonly temperature?: number; readonly top_p?: number };
}

export const OPENAI_BASE_URL = 'https://api.openai.com/v1';
/** What stands for the model when neither the log nor the settings name one. */
export const MODEL_PLACEHOLDER = 'MODEL';
/** The shell variable a copied command reads the key from (the key itself is never copied). */
export const KEY_VARIABLE = 'OPENAI_API_KEY';

/** The Chat Completions body as the agent sent it: model, the exact messages, the recorded tools and sampling. */
export function requestBody(transcript: AgentTranscript, target: RequestTarget): Record<string, unknown> {
  return {
    model: target.model ?? MODEL_PLACEHOLDER,
    messages: transcript.messages.map((item) => item.message),
    ...(transcript.tools ? { tools: transcript.tools } : {}),
    ...target.sampling,
  };
}

export function asJson(transcript: AgentTranscript, target: RequestTarget): string {
  return JSON.stringify(requestBody(transcript, target), null, 2);
}

const shellQuoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const endpoint = (target: RequestTarget) => `${target.baseURL.replace(/\/+$/, '')}/chat/completions`;

/**
 * A cURL command that sends the request. The body goes on stdin through a quoted here-document:
 * nothing in it is expanded by the shell, and compact JSON is one line, so it never ends the document early.
 */
export function asCurl(transcript: AgentTranscript, target: RequestTarget): string {
  return [
    `curl -sS ${shellQuoted(endpoint(target))} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H "Authorization: Bearer $${KEY_VARIABLE}" \\`,
    `  --data-binary @- <<'REQUEST_JSON'`,
    JSON.stringify(requestBody(transcript, target)),
    'REQUEST_JSON',
    '',
  ].join('\n');
}

/** A Python script with the `openai` SDK; the body is parsed from a JSON string literal (valid Python as written). */
export function asPython(transcript: AgentTranscript, target: RequestTarget): string {
  const body = JSON.stringify(JSON.stringify(requestBody(transcript, target)));
  return [
    'import json',
    'import os',
    '',
    'from openai import OpenAI',
    '',
    `client = OpenAI(base_url=${JSON.stringify(target.baseURL)}, api_key=os.environ[${JSON.stringify(KEY_VARIABLE)}])`,
    `request = json.loads(${body})`,
    'response = client.chat.completions.create(**request)',
    'print(response.choices[0].message)',
    '',
  ].join('\n');
}

/** One message as the request carries it. */
export function messageJson(item: TranscriptMessage): string {
  return JSON.stringify(item.message, null, 2);
}
