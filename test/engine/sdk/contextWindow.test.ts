import { describe, expect, it } from 'vitest';
import { sdk } from '../../../src/engine/index.ts';

const llm = (overrides: Partial<sdk.RecordedAgentLlm>): sdk.RecordedAgentLlm => ({
  model: 'litellm_proxy/anthropic/claude-sonnet-4-20250514',
  baseUrl: 'https://proxy.example',
  maxInputTokens: null,
  recordedContextWindows: [],
  ...overrides,
});

describe('the agent model’s context window, found where SDK 1.43.1 finds it (issue 9)', () => {
  it('a configured max_input_tokens wins', () => {
    expect(sdk.agentContextWindow(llm({ maxInputTokens: 128_000, recordedContextWindows: [200_000] }))).toEqual({
      tokens: 128_000,
      source: 'max_input_tokens',
      note: null,
    });
  });

  it('otherwise the context_window the SDK wrote into its token usage (the latest non-zero one), with a note', () => {
    const window = sdk.agentContextWindow(llm({ recordedContextWindows: [0, 200_000, 0] }));
    expect(window).toMatchObject({ tokens: 200_000, source: 'token usage' });
    expect(window.note).toContain(
      "the litellm proxy's model info for litellm_proxy/anthropic/claude-sonnet-4-20250514",
    );
  });

  it('a log that records neither cannot tell: no window, and a note that says so', () => {
    const window = sdk.agentContextWindow(llm({ model: 'gpt-4o-mini', baseUrl: null, recordedContextWindows: [0] }));
    expect(window).toMatchObject({ tokens: null, source: 'unknown' });
    expect(window.note).toMatch(
      /^The log does not record the agent model's context window \(SDK 1\.43\.1 looks it up in litellm's model table for gpt-4o-mini\)/,
    );
    expect(sdk.agentContextWindow(null).tokens).toBeNull();
  });

  it('the note goes with replays whose rules cap the token trigger by the window (SDK #4461, 2026-08-13)', () => {
    const unknown = sdk.agentContextWindow(null);
    const summarizing = sdk.parseSdkCondenserConfig({ kind: 'LLMSummarizingCondenser' });
    expect(sdk.contextWindowNote(summarizing, '1.43.1', unknown)).toBe(unknown.note);
    expect(
      sdk.contextWindowNote(
        sdk.parseSdkCondenserConfig({ kind: 'LLMSummarizingCondenser' }, '2025-09'),
        '2025-09',
        unknown,
      ),
    ).toBeNull();
    expect(sdk.contextWindowNote({ kind: 'NoOpCondenser' }, '1.43.1', unknown)).toBeNull();
  });
});
