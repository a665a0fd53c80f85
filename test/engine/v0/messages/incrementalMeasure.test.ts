import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { type MeasuredRequest, noLlm, runSync } from '../../../../src/engine/index.ts';
import {
  V0AgentCalls,
  buildCondenser,
  cachingTextCounts,
  parseCondenserConfig,
  prepareLog,
  replay,
  stepView,
} from '../../../../src/engine/v0/index.ts';
import { readV0Log } from '../../../../src/formats/index.ts';
import { compileAgentTemplates } from '../../../../src/templates/index.ts';
import { readLogInput } from '../../../../src/cli/readInput.ts';
import { join } from 'node:path';
import { SAMPLE_SESSIONS } from '../../../helpers/logs.ts';

const LOG = prepareLog(
  readV0Log(readLogInput(join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json'))).events,
);

function facts(measured: MeasuredRequest | null) {
  if (!measured) return null;
  const prefix = Array.from({ length: measured.count }, (_, j) => measured.ourPrefix(j));
  return {
    count: measured.count,
    total: measured.totalTokens,
    prefix,
    ids: Array.from(measured.prefixIds).slice(0, measured.count),
    blocks: Array.from(measured.blocks).slice(0, measured.count),
    breakpoints: measured.breakpoints,
  };
}

describe('measuring each step from the one before', () => {
  for (const [name, config, profile] of [
    ['as recorded, anthropic', null, 'anthropic'],
    [
      'amortized 40/4 (condensations rebuild), anthropic',
      { type: 'amortized', max_size: 40, keep_first: 4 },
      'anthropic',
    ],
    [
      'observation masking (masks move every step), openai',
      { type: 'observation_masking', attention_window: 10 },
      'openai',
    ],
  ] as const) {
    it(`gives what measuring the whole request gives: ${name}`, () => {
      const condenser = config ? buildCondenser(parseCondenserConfig(config)) : null;
      const calls = new V0AgentCalls(LOG, {
        profile,
        templates: compileAgentTemplates(),
        tokens: cachingTextCounts({ event: () => 0, text: countTokens }),
      });
      let compared = 0;
      runSync(
        replay({
          log: LOG,
          mode: condenser ? 'resimulate' : 'recorded',
          condenser: condenser ?? undefined,
          onStep: (step) => {
            const view = stepView(step, condenser);
            const incremental = facts(calls.call(step, view).measured);
            const whole = facts(calls.wholeCall(step, view ? calls.request(step, view) : null).measured);
            expect(incremental, `step ${step.index}`).toEqual(whole);
            compared++;
          },
        }),
        condenser ? (_request, call) => ({ content: `summary ${call}` }) : noLlm,
      );
      expect(compared).toBe(84);
    });
  }
});
