import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runReplayCommand } from '../../src/cli/replayCommand.ts';
import { ROOT, replayCli, scratchFiles } from '../helpers/cli.ts';
import { fakeServerForFile } from '../helpers/fakeServer.ts';
import { SAMPLE_SESSIONS } from '../helpers/logs.ts';

const REAL_185 = join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json');
const KEY = 'sk-counterfactual-test';
const server = fakeServerForFile({ apiKey: KEY, delayMs: 0 });
const files = scratchFiles('counterfactual-');
const RECENT = files.file('recent.json', '{"type": "recent", "max_events": 40, "keep_first": 2}');

interface Answer {
  tool_calls: Array<{ name: string; arguments: string }>;
  content: string | null;
  match: { same_tool: boolean; same_target: boolean; same_arguments: boolean } | null;
}
interface Counterfactual {
  step: number;
  recorded_action: { tool_calls: Array<{ name: string; arguments: string }> } | null;
  baseline: Answer[];
  candidate: Answer[];
  agreement: { baseline: number | null; candidate: number | null };
  same_request: boolean;
}
interface Trace {
  counterfactual?: Counterfactual;
  steps: Array<{ before_event_id: number; messages?: unknown[] }>;
}

async function replay(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runReplayCommand(args, { stdout: (text) => out.push(text), stderr: (text) => err.push(text) });
  return { status, stdout: out.join(''), stderr: err.join('') };
}

async function trace(...args: string[]): Promise<Trace> {
  const result = await replay(...args);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout) as Trace;
}

const agentRequests = () =>
  server().requests.filter((request) => Array.isArray((request.body as { tools?: unknown } | undefined)?.tools));
const firstPath = (answer: Answer) => (JSON.parse(answer.tool_calls[0]!.arguments) as { path?: string }).path;

afterEach(() => vi.unstubAllEnvs());

describe('replay --counterfactual: one step asked again under B and as recorded', () => {
  it('sends each side the exact messages of its trace, K times, and sets the answers beside the recorded action', async () => {
    vi.stubEnv('OPENAI_API_KEY', KEY);
    const before = agentRequests().length;
    const { counterfactual, steps } = await trace(
      ...[REAL_185, '--config', RECENT, '--messages', 'auto', '--counterfactual', '60', '--samples', '2'],
      ...['--endpoint', server().url, '--model', 'fake-model'],
    );
    const sent = agentRequests().slice(before);
    expect(sent).toHaveLength(4);
    // The candidate's request is the very request of B's trace at step 60: messages as written there.
    const candidateBody = sent[2]!.body as { messages: unknown[]; tools: unknown[] };
    expect(candidateBody.messages).toEqual(steps[60]!.messages);
    expect(sent[3]!.body).toEqual(candidateBody);
    expect(sent[0]!.headers.authorization).toBe(`Bearer ${KEY}`);

    const cf = counterfactual!;
    expect(cf.step).toBe(60);
    expect(cf.same_request).toBe(false);
    expect(cf.recorded_action!.tool_calls[0]!.name).toBe('execute_bash');
    expect(cf.baseline).toHaveLength(2);
    expect(cf.candidate).toHaveLength(2);
    // The fake agent views the first file its conversation mentions: 'recent' forgot the task's folder.
    expect(firstPath(cf.baseline[0]!)).toBe('/workspace/project');
    expect(firstPath(cf.candidate[0]!)).not.toBe('/workspace/project');
    expect(cf.baseline[0]!.match).toEqual({ same_tool: false, same_target: false, same_arguments: false });
    expect(cf.agreement).toEqual({ baseline: 0, candidate: 0 });
  });

  it('shows the samples apart when the model answers a repeated request differently', async () => {
    vi.stubEnv('OPENAI_API_KEY', KEY);
    const { counterfactual } = await trace(
      ...[REAL_185, '--config', RECENT, '--counterfactual', '60', '--samples', '3'],
      ...['--endpoint', server().url, '--model', 'noisy-agent'],
    );
    const tools = (answers: Answer[]) => answers.map((answer) => answer.tool_calls[0]!.name);
    expect(tools(counterfactual!.baseline)).toContain('execute_bash');
    expect(new Set(counterfactual!.baseline.map((answer) => answer.tool_calls[0]!.arguments)).size).toBe(2);
    expect(counterfactual!.baseline.filter((answer) => answer.match!.same_tool)).toHaveLength(1);
  });

  it('writes the answers to --answers and replays them offline, without a key or an endpoint', async () => {
    vi.stubEnv('OPENAI_API_KEY', KEY);
    const answers = join(files.dir, 'answers.json');
    const args = [
      REAL_185,
      '--config',
      RECENT,
      '--counterfactual',
      '12',
      '--model',
      'noisy-agent',
      '--answers',
      answers,
    ];
    const online = await trace(...args, '--endpoint', server().url);
    expect(Object.keys(JSON.parse(readFileSync(answers, 'utf8')) as object)).toHaveLength(6);

    vi.stubEnv('OPENAI_API_KEY', undefined);
    const before = server().requests.length;
    const offline = await trace(...args);
    expect(server().requests.length).toBe(before);
    expect(offline.counterfactual).toEqual(online.counterfactual);
  });

  it('leaves the answers file as it was when writing it back fails midway (written beside it, then renamed)', async () => {
    const folder = join(files.dir, 'limited');
    mkdirSync(folder);
    const earlier = `${JSON.stringify({ 'counterfactual:earlier:0': { content: 'kept' } }, null, 2)}\n`;
    const answers = files.file(join('limited', 'answers.json'), earlier);
    // Built first: the command runs under a limit of one block per file written (SIGXFSZ is ignored, so
    // the write that crosses it fails with EFBIG after writing what fits), the bundle being one too.
    replayCli('--help');
    const child = spawn(
      'sh',
      [
        '-c',
        'ulimit -f 1 && exec "$0" "$@"',
        process.execPath,
        join(ROOT, 'scripts', 'run-bundled.mjs'),
        'src/cli/main.ts',
        ...[REAL_185, '--config', RECENT, '--counterfactual', '12', '--samples', '4', '--model', 'noisy-agent'],
        ...['--endpoint', server().url, '--answers', answers],
      ],
      { cwd: ROOT, env: { ...process.env, OPENAI_API_KEY: KEY }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.stdout.resume();
    const [status] = (await once(child, 'close')) as [number | null];
    expect(readFileSync(answers, 'utf8')).toBe(earlier);
    expect(readdirSync(folder)).toEqual(['answers.json']);
    expect(stderr).toBe(
      `replay: cannot write the answers to ${answers}: the file is too large for its file system (EFBIG)\n`,
    );
    expect(status).toBe(2);
  }, 60_000);

  it('leaves no partial file and the old files whole when interrupted while it waits (Ctrl-C, a kill)', async () => {
    // An endpoint that takes the request and never answers: the command waits with both results open.
    const silent = createServer(() => {});
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const { port } = silent.address() as AddressInfo;
    try {
      replayCli('--help');
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        const folder = join(files.dir, `interrupted-${signal}`);
        mkdirSync(folder);
        const answers = files.file(join(`interrupted-${signal}`, 'answers.json'), '{}\n');
        const out = files.file(join(`interrupted-${signal}`, 'trace.json'), 'the earlier trace\n');
        const child = spawn(
          process.execPath,
          [
            join(ROOT, 'scripts', 'run-bundled.mjs'),
            'src/cli/main.ts',
            ...[REAL_185, '--config', RECENT, '--counterfactual', '12', '--samples', '1', '--model', 'noisy-agent'],
            ...['--endpoint', `http://127.0.0.1:${port}/v1`, '--answers', answers, '--out', out],
          ],
          { cwd: ROOT, env: { ...process.env, OPENAI_API_KEY: KEY }, stdio: 'ignore' },
        );
        const closed = once(child, 'close');
        // Both partial files exist while it waits for the endpoint.
        await vi.waitFor(
          () => expect(readdirSync(folder).filter((name) => name.endsWith('.partial'))).toHaveLength(2),
          { timeout: 30_000, interval: 50 },
        );
        child.kill(signal);
        const [status, ended] = (await closed) as [number | null, NodeJS.Signals | null];
        expect([status, ended]).toEqual([null, signal]);
        expect(readdirSync(folder).sort()).toEqual(['answers.json', 'trace.json']);
        expect(readFileSync(answers, 'utf8')).toBe('{}\n');
        expect(readFileSync(out, 'utf8')).toBe('the earlier trace\n');
      }
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  }, 90_000);

  it('refuses what it cannot run with one line and exit 2', async () => {
    const missing = join(files.dir, 'none.json');
    const notAnswers = files.file('not-answers.json', '[{"content": "a list, not answers by key"}]');
    const cases: Array<[string[], RegExp]> = [
      [['--counterfactual', '3', '--answers', missing], /needs --model/],
      [
        ['--counterfactual', '3', '--model', '', '--answers', missing],
        /--model needs a model's name, not an empty one/,
      ],
      [['--counterfactual', '3', '--model', 'm'], /--endpoint to ask, or --answers/],
      [['--counterfactual', '3', '--model', 'm', '--samples', '0', '--answers', missing], /--samples needs a whole/],
      [['--counterfactual', '3', '--model', 'm', '--samples', '', '--answers', missing], /--samples needs a whole/],
      [['--samples', '2'], /--samples applies only with --counterfactual/],
      [['--counterfactual', '900', '--model', 'm', '--answers', missing], /there is no step 900/],
      [['--counterfactual', '3', '--model', 'm', '--answers', missing], /no answer is recorded for sample 1/],
      [['--counterfactual', '3', '--model', 'm', '--endpoint', 'http://127.0.0.1:9/v1'], /OPENAI_API_KEY/],
      [['--counterfactual', '3', '--model', 'm', '--answers', notAnswers], /expected a JSON object of answers/],
      [
        ['--counterfactual', '3', '--model', 'm', '--endpoint', 'file:///etc/passwd'],
        /is not an http:\/\/ or https:\/\/ address/,
      ],
      // Checked before the endpoint is asked: answers paid for must have somewhere to go.
      [
        [
          '--counterfactual',
          '3',
          '--model',
          'm',
          '--endpoint',
          server().url,
          '--answers',
          join(files.dir, 'no', 'a.json'),
        ],
        /cannot write the answers to .*a\.json: its folder does not exist/,
      ],
      [
        ['--counterfactual', '3', '--model', 'm', '--endpoint', server().url, '--answers', files.dir],
        /cannot write the answers to .*: it is a folder$/m,
      ],
    ];
    const asked = server().requests.length;
    vi.stubEnv('OPENAI_API_KEY', undefined);
    for (const [extra, message] of cases) {
      const result = await replay(REAL_185, '--config', RECENT, ...extra);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(existsSync(missing)).toBe(false);
    expect(server().requests.length).toBe(asked);
  });

  it('names a refused key without printing it', async () => {
    vi.stubEnv('OPENAI_API_KEY', 'sk-wrong-secret');
    const result = await replay(
      ...[REAL_185, '--config', RECENT, '--counterfactual', '3', '--endpoint', server().url, '--model', 'fake-model'],
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/refused the API key/);
    expect(result.stderr).not.toContain('sk-wrong-secret');
  });
});
