import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REAL_LOGS } from '../helpers/logs.ts';
import { replayCli, scratchFiles } from '../helpers/cli.ts';

const { file } = scratchFiles('replay-contract-');
const basic = readFileSync(join(REAL_LOGS, 'v0_openhands_tests-runtime-trajs_basic.json'), 'utf8');
const noop = file('noop.json', '{"type": "noop"}');

/** A text matched as it is inside a regular expression (a file's path in a message). */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Exit 2 and exactly one line on stderr; returns the line. */
function refusal(result: ReturnType<typeof replayCli>): string {
  expect(result.status).toBe(2);
  expect(result.stderr.endsWith('\n')).toBe(true);
  expect(result.stderr.slice(0, -1)).not.toContain('\n');
  return result.stderr.slice(0, -1);
}

describe('replay command contract: exit 0, or exit 2 with one line', () => {
  it('reads a UTF-16 log and a configuration with a UTF-8 byte-order mark', () => {
    const log = file('utf16.json', '');
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(basic, 'utf16le')]);
    writeFileSync(log, bytes);
    const config = file('bom.json', '\uFEFF{"type": "noop"}');
    const result = replayCli(log, '--config', config);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout).steps.length).toBeGreaterThan(0);
  });

  it('names line and column of a JSON mistake V8 reports with a multi-line snippet', () => {
    const config = file('broken.json', '{\n  "type": "noop",\n  "max_size": 40\n  x\n}');
    expect(refusal(replayCli(join(REAL_LOGS, 'v0_openhands_tests-runtime-trajs_basic.json'), '--config', config))).toBe(
      `replay: ${config}: not valid JSON: invalid JSON at line 4, column 3 (Expected ',' or '}' after property value)`,
    );
  });

  it('cuts a message that would echo 200 KB of input', () => {
    const config = file('long.json', JSON.stringify({ type: 'x'.repeat(200_000) }));
    const line = refusal(replayCli(join(REAL_LOGS, 'v0_openhands_tests-runtime-trajs_basic.json'), '--config', config));
    expect(line.length).toBeLessThan(520);
    expect(line).toMatch(
      new RegExp(`^replay: ${literal(config)}: invalid condenser configuration: type: Unknown condenser type: x+…$`),
    );
  });

  it('replays events named like Object.prototype members and arguments nested 100,000 deep', () => {
    const events = JSON.parse(basic) as Array<Record<string, unknown>>;
    events[1] = { ...events[1], action: 'constructor' };
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const text = JSON.stringify(events).replace('"args":{', `"args":{"deep":${deep},`);
    const log = file('hostile.json', text);
    const result = replayCli(log, '--config', noop, '--tokens', '--messages', 'anthropic', '--usage', 'openai');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout).steps.length).toBeGreaterThan(0);
  });

  it('refuses a TOML configuration nested 100,000 deep in one line', () => {
    const toml = file('deep.toml', `[condenser]\ntype = "noop"\nx = ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`);
    const line = refusal(replayCli(join(REAL_LOGS, 'v0_openhands_tests-runtime-trajs_basic.json'), '--config', toml));
    expect(line).toMatch(new RegExp(`^replay: ${literal(toml)}: not valid TOML: .*nested.*\\(line 3, column \\d+\\)$`));
  });
});
