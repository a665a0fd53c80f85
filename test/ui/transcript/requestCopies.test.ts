import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../../../src/fake-llm/server.ts';
import type { AgentTranscript } from '../../../src/store/index.ts';
import {
  type RequestTarget,
  asCurl,
  asJson,
  asPython,
  messageJson,
  requestBody,
} from '../../../src/ui/transcript/requestCopies.ts';

const KEY = 'sk-copy-test-0451';
// Quotes, a here-document's end word, shell expansions and non-ASCII: a copy must carry them exactly.
const tricky = `it's "quoted" $HOME \`whoami\` \\ back\nREQUEST_JSON\n''' é 😀`;
const transcript = {
  step: 3,
  messages: [
    { message: { role: 'system', content: 'You are an agent.' }, eventIds: [-1], tokens: 4 },
    { message: { role: 'user', content: tricky }, eventIds: [2], tokens: 20 },
  ],
  tools: [{ type: 'function', function: { name: 'finish', parameters: { type: 'object', properties: {} } } }],
  toolTokens: 10,
  error: null,
} as unknown as AgentTranscript;

let server: FakeOpenAiServer;
beforeAll(async () => {
  server = await startFakeOpenAiServer({ apiKey: KEY });
});
afterAll(async () => {
  await server.close();
});
const target = (): RequestTarget => ({ model: 'fake-model', baseURL: server.url, sampling: { temperature: 0.2 } });

describe('copies of a step’s request', () => {
  it('as JSON: the model, the exact messages, the recorded tools and sampling; never the key', () => {
    const body = JSON.parse(asJson(transcript, target())) as Record<string, unknown>;
    expect(body).toEqual({
      model: 'fake-model',
      messages: transcript.messages.map((item) => item.message),
      tools: transcript.tools,
      temperature: 0.2,
    });
    expect(JSON.parse(messageJson(transcript.messages[1]!))).toEqual({ role: 'user', content: tricky });
    for (const copy of [asJson, asCurl, asPython]) expect(copy(transcript, target())).not.toContain(KEY);
    expect(requestBody(transcript, { ...target(), model: null }).model).toBe('MODEL');
  });

  it('as cURL: runs in a shell against an OpenAI-compatible server, the body arriving exactly', async () => {
    // Not execFileSync: the server answers from this process.
    const { stdout: answer } = await promisify(execFile)('bash', ['-c', asCurl(transcript, target())], {
      env: { PATH: process.env.PATH, OPENAI_API_KEY: KEY },
      encoding: 'utf8',
      timeout: 20_000,
    });
    const parsed = JSON.parse(answer) as { choices: Array<{ message: { content: string } }> };
    expect(typeof parsed.choices[0]!.message.content).toBe('string');
    const sent = server.requests.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.body).toEqual(requestBody(transcript, target()));
  });

  it('as Python: the openai client gets the endpoint, the key from the environment and the exact body', () => {
    // A stand-in `openai` module that prints what the script hands it.
    const dir = mkdtempSync(join(tmpdir(), 'copy-python-'));
    mkdirSync(join(dir, 'openai'));
    writeFileSync(
      join(dir, 'openai', '__init__.py'),
      [
        'import json',
        'class _Completions:',
        '    def create(self, **request):',
        '        print(json.dumps({"client": OpenAI.seen, "request": request}))',
        '        raise SystemExit(0)',
        'class _Chat:',
        '    completions = _Completions()',
        'class OpenAI:',
        '    seen = None',
        '    def __init__(self, base_url, api_key):',
        '        OpenAI.seen = {"base_url": base_url, "api_key": api_key}',
        '        self.chat = _Chat()',
        '',
      ].join('\n'),
    );
    const printed = execFileSync('python3', ['-c', asPython(transcript, target())], {
      env: { ...process.env, PYTHONPATH: dir, OPENAI_API_KEY: KEY },
      encoding: 'utf8',
    });
    expect(JSON.parse(printed)).toEqual({
      client: { base_url: server.url, api_key: KEY },
      request: requestBody(transcript, target()),
    });
  });
});
