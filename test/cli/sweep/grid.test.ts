import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/cli/args.ts';
import { parseGrid } from '../../../src/cli/sweep/grid.ts';

const names = (text: string) => parseGrid(text).configs.map((config) => config.name);

describe('--grid', () => {
  it('spans every combination of lists and inclusive ranges, the type first, values read as JSON', () => {
    const grid = parseGrid('type=llm,amortized max_size=40:200:40 keep_first=1,2,4');
    expect(grid.configs).toHaveLength(2 * 5 * 3);
    expect(grid.refused).toBe(0);
    expect(grid.configs[0]).toEqual({
      name: 'type=llm max_size=40 keep_first=1',
      kind: 'v0',
      value: { type: 'llm', max_size: 40, keep_first: 1 },
    });
    expect(grid.configs.at(-1)!.name).toBe('type=amortized max_size=200 keep_first=4');
    expect(names('keep_first=2 type=recent max_events=3:5')).toEqual([
      'type=recent keep_first=2 max_events=3',
      'type=recent keep_first=2 max_events=4',
      'type=recent keep_first=2 max_events=5',
    ]);
  });

  it('gives a key only to the types that take it, so a type ignoring it is swept once', () => {
    expect(names('type=noop,recent max_events=10,20')).toEqual([
      'type=noop',
      'type=recent max_events=10',
      'type=recent max_events=20',
    ]);
  });

  it('leaves out and counts the combinations OpenHands refuses, with the first reason', () => {
    const grid = parseGrid('type=llm max_size=10,20 keep_first=4,5,10');
    expect(grid.configs.map((config) => config.name)).toEqual([
      'type=llm max_size=10 keep_first=4',
      'type=llm max_size=20 keep_first=4',
      'type=llm max_size=20 keep_first=5',
    ]);
    expect(grid.refused).toBe(3);
    expect(grid.firstRefusal).toMatch(/^type=llm max_size=10 keep_first=5: keep_first: must be less than half/);
  });

  it('counts a refused combination once when a condenser of the grid does not take one of its axes', () => {
    // llm takes no attention_window: its refused max_size=10 keep_first=5 comes once per window value.
    const grid = parseGrid('type=llm,observation_masking max_size=10 keep_first=5 attention_window=2,3');
    expect(grid.configs.map((config) => config.name)).toEqual([
      'type=observation_masking attention_window=2',
      'type=observation_masking attention_window=3',
    ]);
    expect(grid.refused).toBe(1);
  });

  it('spans SDK condensers by kind, checked per log later', () => {
    const grid = parseGrid('kind=LLMSummarizingCondenser max_size=80,120 keep_first=2');
    expect(grid.configs.map((config) => [config.kind, config.name])).toEqual([
      ['sdk', 'kind=LLMSummarizingCondenser max_size=80 keep_first=2'],
      ['sdk', 'kind=LLMSummarizingCondenser max_size=120 keep_first=2'],
    ]);
  });

  it('leaves out the SDK combinations every SDK refuses, and keeps one only some SDKs refuse for the log to decide', () => {
    const grid = parseGrid('kind=LLMSummarizingCondenser max_size=abc,0,-40,80');
    expect(grid.configs.map((config) => config.name)).toEqual(['kind=LLMSummarizingCondenser max_size=80']);
    expect(grid.refused).toBe(3);
    expect(grid.firstRefusal).toBe('kind=LLMSummarizingCondenser max_size=abc: max_size: must be an integer');
    // max_tokens came after the 2025-09 SDK: its rules refuse it, 1.43.1's take it, so the log's rules decide.
    expect(names('kind=LLMSummarizingCondenser max_tokens=1000')).toEqual([
      'kind=LLMSummarizingCondenser max_tokens=1000',
    ]);
  });

  it.each([
    ['max_size=40', /needs type=\.\.\. \(V0 condensers\) or kind=\.\.\./],
    ['type=magic', /unknown condenser type "magic"/],
    ['type=noop max_size=40', /no type of the grid takes max_size \(noop\)/],
    ['type=llm max_size', /"max_size" is not key=values/],
    ['type=llm max_size=40:10', /a positive step and stop at least start/],
    ['type=llm max_size=1,,2', /an empty value/],
    ['type=llm type=recent', /type is given twice/],
    ['type=llm kind=LLMSummarizingCondenser', /not both/],
    ['type=llm max_size=1:100000 keep_first=0:10', /too many values|more than the 10000/],
  ])('refuses %s with one line', (text, message) => {
    expect(() => parseGrid(text)).toThrow(UsageError);
    expect(() => parseGrid(text)).toThrow(message);
  });
});
