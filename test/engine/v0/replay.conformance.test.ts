import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, type LlmAnswer, runSync, scriptedLlm } from '../../../src/engine/index.ts';
import { buildCondenser, parseCondenserConfig, prepareLog, replay } from '../../../src/engine/v0/index.ts';
import { readV0Log } from '../../../src/formats/index.ts';
import { parseLlmScript } from '../../../src/formats/llmScript.ts';
import { CONFORMANCE_DIR, firstDifference, loadCases } from '../../helpers/conformance.ts';
import { v0TraceOf } from '../../helpers/trace.ts';

function logOf(relativePath: string) {
  const path = join(CONFORMANCE_DIR, relativePath);
  return readV0Log({ kind: 'file', file: { path: basename(path), text: readFileSync(path, 'utf8') } });
}

describe('replay against traces produced by OpenHands’ own condensers', () => {
  const cases = loadCases();

  it('has the whole corpus', () => {
    expect(cases).toHaveLength(38);
  });

  for (const c of cases) {
    it(c.name, () => {
      if (c.expect_config_error) {
        expect(() => parseCondenserConfig(c.config)).toThrow(ConfigError);
        return;
      }
      const config = parseCondenserConfig(c.config);
      const condenser = buildCondenser(config);
      const script: LlmAnswer[] = parseLlmScript(JSON.stringify(c.llm_script ?? []));
      const log = logOf(c.log);
      const result = runSync(
        replay({ log: prepareLog(log.events), mode: c.recorded ? 'recorded' : 'resimulate', condenser }),
        scriptedLlm(script),
      );
      const trace = v0TraceOf(result, condenser);
      expect(firstDifference(c.expected!, trace)).toBeNull();
    });
  }
});
