import { describe, expect, it } from 'vitest';
import { ConfigTextError, parseCondenserConfigText } from '../../src/formats/index.ts';
import { thrown } from '../helpers/thrown.ts';

describe('parseCondenserConfigText', () => {
  it('refuses a configuration nested deeper than any condenser configuration, JSON or TOML', () => {
    const pipeline = (levels: number) =>
      `${'{"type": "pipeline", "condensers": ['.repeat(levels)}{"type": "noop"}${']}'.repeat(levels)}`;
    expect(() => parseCondenserConfigText(pipeline(3))).not.toThrow();
    for (const text of [pipeline(5000), `[condenser]\ntype = "llm"\nextra = ${'['.repeat(100)}${']'.repeat(100)}`]) {
      const error = thrown(() => parseCondenserConfigText(text), ConfigTextError);
      expect(error.message).toBe('nested more than 32 levels deep; a condenser configuration never is');
    }
  });

  it('reads JSON and fills in OpenHands’ defaults', () => {
    expect(parseCondenserConfigText('{"type": "llm", "max_size": 40}')).toEqual({
      type: 'llm',
      keep_first: 1,
      max_size: 40,
      max_event_length: 10_000,
    });
  });

  it('reads the [condenser] section of a whole config.toml, ignoring the rest', () => {
    const toml = `
[core]
workspace_base = "./workspace"

[llm]
model = "gpt-4o"

[condenser]
type = "amortized"
max_size = 60
keep_first = 3
`;
    expect(parseCondenserConfigText(toml)).toEqual({ type: 'amortized', max_size: 60, keep_first: 3 });
  });

  it('reads a bare section with a named llm_config and keeps the name for copying out', () => {
    expect(
      parseCondenserConfigText('type = "llm"\nllm_config = "condenser_llm"\nkeep_first = 2\nmax_size = 50'),
    ).toMatchObject({
      type: 'llm',
      llm_config: 'condenser_llm',
      keep_first: 2,
      max_size: 50,
    });
  });

  it('reads a pipeline written as an array of tables', () => {
    const toml = `
[condenser]
type = "pipeline"

[[condenser.condensers]]
type = "conversation_window"

[[condenser.condensers]]
type = "browser_output_masking"
attention_window = 2

[[condenser.condensers]]
type = "llm"
keep_first = 4
max_size = 120
`;
    expect(parseCondenserConfigText(toml)).toEqual({
      type: 'pipeline',
      condensers: [
        { type: 'conversation_window' },
        { type: 'browser_output_masking', attention_window: 2 },
        { type: 'llm', keep_first: 4, max_size: 120, max_event_length: 10_000 },
      ],
    });
  });

  it('says what is wrong, with the key', () => {
    expect(() => parseCondenserConfigText('{"type": "llm", "max_size": 20, "keep_first": 10}')).toThrow(
      /invalid condenser configuration: keep_first: must be less than half of max_size/,
    );
    expect(() => parseCondenserConfigText('[condenser]\ntype = "recent"\nwindow = 3')).toThrow(/window: unknown key/);
    expect(() => parseCondenserConfigText('{"type": "summarize_everything"}')).toThrow(
      /type: Unknown condenser type: summarize_everything/,
    );
    expect(() => parseCondenserConfigText('[condenser\ntype = 1')).toThrow(/not valid TOML/);
    expect(() => parseCondenserConfigText('{"type": ')).toThrow(/not valid JSON/);
    expect(() => parseCondenserConfigText('[llm]\nmodel = "x"')).toThrow(/no \[condenser\] section/);
    expect(() => parseCondenserConfigText('')).toThrow(ConfigTextError);
  });

  it('rejects a named llm_config for structured, as OpenHands does', () => {
    expect(() => parseCondenserConfigText('type = "structured"\nllm_config = "condenser_llm"')).toThrow(/llm_config/);
  });
});
