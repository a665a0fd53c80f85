import { describe, expect, it } from 'vitest';
import {
  MAX_SWEEP_CONFIGS,
  SWEEP_COLUMNS,
  SWEEP_FORMAT,
  SWEEP_VERSION,
  type SweepRow,
  isSweepResultText,
  parseSweepResult,
  sweepCsvHeader,
  sweepCsvRows,
  writeSweepJson,
} from '../../src/formats/index.ts';

const row: SweepRow = {
  source: 'log.json',
  instance: null,
  config: 'type=llm max_size=40',
  steps: 84,
  condensations: 3,
  peak_view_events: 40,
  peak_view_tokens: 12_000,
  peak_input_tokens: 15_000,
  mean_input_tokens: 9_876,
  agent_prompt_tokens: 829_584,
  cache_read_tokens: 700_000,
  cache_write_tokens: 50_000,
  condenser_prompt_tokens: 30_000,
  placeholder_summaries: 3,
  missing_facts: 4,
  model: 'claude-sonnet-4-20250514',
  estimated_cost_usd: 0.812345,
  error: 'a message, with a comma\nand a line',
};
const configs = [{ name: row.config, config: { type: 'llm', max_size: 40 }, sdkRules: null }];

describe('sweep results', () => {
  it('write and read back the same rows, as CSV and as JSON', () => {
    const csv = sweepCsvHeader() + sweepCsvRows([row], configs);
    expect(isSweepResultText(csv)).toBe(true);
    expect(parseSweepResult(csv).rows).toEqual([row]);
    expect(parseSweepResult(csv).configs).toEqual(configs);
    const json = writeSweepJson({
      format: SWEEP_FORMAT,
      version: SWEEP_VERSION,
      input: 'log.json',
      configs,
      rows: [row],
    });
    expect(parseSweepResult(json).rows).toEqual([row]);
  });

  it('still open a version 1 file, whose rows have no input-token or missing-facts columns', () => {
    const old = SWEEP_COLUMNS.filter(
      (column) => !['peak_input_tokens', 'mean_input_tokens', 'missing_facts'].includes(column),
    );
    const cells = old.map((column) => JSON.stringify(row[column] ?? '').replace(/^"|"$/g, ''));
    const csv = `${old.join(',')},config_json\n${cells.map((cell) => `"${cell.replace(/\\n/g, ' ')}"`).join(',')},"{}"\n`;
    expect(isSweepResultText(csv)).toBe(true);
    const read = parseSweepResult(csv).rows[0]!;
    expect([read.missing_facts, read.peak_input_tokens, read.mean_input_tokens]).toEqual([null, null, null]);
    expect(read.estimated_cost_usd).toBe(row.estimated_cost_usd);
    const v1 = Object.fromEntries(old.map((column) => [column, row[column]]));
    const json = JSON.stringify({ format: SWEEP_FORMAT, version: 1, input: 'x', configs, rows: [v1] });
    expect(parseSweepResult(json).rows[0]).toEqual({
      ...row,
      peak_input_tokens: null,
      mean_input_tokens: null,
      missing_facts: null,
    });
  });

  it('refuse a file of a newer version with a line saying to update', () => {
    const json = JSON.stringify({
      format: SWEEP_FORMAT,
      version: SWEEP_VERSION + 1,
      input: 'x',
      configs: [],
      rows: [],
    });
    expect(() => parseSweepResult(json, 'new.json')).toThrow(/written by a newer Condenser Inspector/);
  });

  it('refuse a result with more configurations than a sweep makes, in either format, and open one with as many', () => {
    const many = (count: number) => {
      const names = Array.from({ length: count }, (_, k) => `type=llm max_size=${k + 2}`);
      return {
        rows: names.map((config) => ({ ...row, config, error: null })),
        configs: names.map((name) => ({ name, config: { type: 'llm' }, sdkRules: null })),
      };
    };
    const json = ({ rows, configs }: ReturnType<typeof many>) =>
      writeSweepJson({ format: SWEEP_FORMAT, version: SWEEP_VERSION, input: 'log.json', configs, rows });
    const csv = ({ rows, configs }: ReturnType<typeof many>) => sweepCsvHeader() + sweepCsvRows(rows, configs);
    const refusal = `big.csv: it holds ${MAX_SWEEP_CONFIGS + 1} configurations, more than the ${MAX_SWEEP_CONFIGS} a sweep makes`;
    expect(() => parseSweepResult(csv(many(MAX_SWEEP_CONFIGS + 1)), 'big.csv')).toThrow(refusal);
    expect(() => parseSweepResult(json(many(MAX_SWEEP_CONFIGS + 1)), 'big.csv')).toThrow(refusal);
    // A configuration listed but with no row counts too: the result would still list it.
    const listedOnly = many(MAX_SWEEP_CONFIGS);
    const extra = { name: 'extra', config: { type: 'noop' }, sdkRules: null };
    expect(() => parseSweepResult(json({ ...listedOnly, configs: [...listedOnly.configs, extra] }), 'big.csv')).toThrow(
      refusal,
    );
    expect(parseSweepResult(csv(many(MAX_SWEEP_CONFIGS)), 'big.csv').configs).toHaveLength(MAX_SWEEP_CONFIGS);
  });
});
