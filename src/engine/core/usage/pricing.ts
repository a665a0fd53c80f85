/**
 * Prices in US dollars per million tokens. Presets are the providers' list prices for the models seen in
 * real OpenHands logs; users set their own (a proxy, a discount, another model).
 */
export interface ModelPrices {
  readonly input: number;
  readonly cacheRead: number;
  readonly cacheWrite: number;
  readonly output: number;
}

export interface PricePreset {
  readonly id: string;
  readonly label: string;
  /** Which model names it applies to (litellm names carry provider prefixes: `litellm_proxy/claude-...`). */
  readonly pattern: RegExp;
  readonly prices: ModelPrices;
  readonly source: string;
}

const ANTHROPIC = 'Anthropic list prices (5-minute cache writes at 1.25× input, reads at 0.1×)';
const OPENAI = 'OpenAI list prices (cached input billed at the cached rate, no write surcharge)';

export const PRICE_PRESETS: readonly PricePreset[] = [
  {
    id: 'claude-opus-4-5',
    label: 'Claude Opus 4.5',
    pattern: /claude-opus-4-5/,
    prices: { input: 5, cacheRead: 0.5, cacheWrite: 6.25, output: 25 },
    source: ANTHROPIC,
  },
  {
    id: 'claude-opus-4',
    label: 'Claude Opus 4 / 4.1',
    pattern: /claude-(opus-4|4-opus)/,
    prices: { input: 15, cacheRead: 1.5, cacheWrite: 18.75, output: 75 },
    source: ANTHROPIC,
  },
  {
    id: 'claude-haiku-4-5',
    label: 'Claude Haiku 4.5',
    pattern: /claude-haiku-4-5/,
    prices: { input: 1, cacheRead: 0.1, cacheWrite: 1.25, output: 5 },
    source: ANTHROPIC,
  },
  {
    id: 'claude-3-5-haiku',
    label: 'Claude 3.5 Haiku',
    pattern: /claude-3-5-haiku/,
    prices: { input: 0.8, cacheRead: 0.08, cacheWrite: 1, output: 4 },
    source: ANTHROPIC,
  },
  {
    id: 'claude-sonnet',
    label: 'Claude Sonnet (3.5, 3.7, 4, 4.5)',
    pattern: /claude-(sonnet-4|3-7-sonnet|3-5-sonnet|4-sonnet)/,
    prices: { input: 3, cacheRead: 0.3, cacheWrite: 3.75, output: 15 },
    source: ANTHROPIC,
  },
  {
    id: 'gpt-5-mini',
    label: 'GPT-5 mini',
    pattern: /gpt-5-mini/,
    prices: { input: 0.25, cacheRead: 0.025, cacheWrite: 0.25, output: 2 },
    source: OPENAI,
  },
  {
    id: 'gpt-5',
    label: 'GPT-5',
    pattern: /gpt-5/,
    prices: { input: 1.25, cacheRead: 0.125, cacheWrite: 1.25, output: 10 },
    source: OPENAI,
  },
  {
    id: 'gpt-4.1',
    label: 'GPT-4.1',
    pattern: /gpt-4\.1/,
    prices: { input: 2, cacheRead: 0.5, cacheWrite: 2, output: 8 },
    source: OPENAI,
  },
  {
    id: 'gpt-4o',
    label: 'GPT-4o',
    pattern: /gpt-4o(?!-mini)/,
    prices: { input: 2.5, cacheRead: 1.25, cacheWrite: 2.5, output: 10 },
    source: OPENAI,
  },
  {
    id: 'llama-4-maverick',
    label: 'Llama 4 Maverick',
    pattern: /llama-4-maverick/,
    prices: { input: 0.15, cacheRead: 0.15, cacheWrite: 0.15, output: 0.6 },
    source: 'a typical hosted price (it varies by provider; no prompt caching)',
  },
];

export function presetForModel(model: string | null): PricePreset | null {
  if (!model) return null;
  const name = model.toLowerCase();
  return PRICE_PRESETS.find((preset) => preset.pattern.test(name)) ?? null;
}

export interface BilledTokens {
  readonly promptTokens: number;
  readonly cacheReadTokens: number;
  readonly cacheWriteTokens: number;
  readonly completionTokens: number;
}

/** Dollars for one call: uncached input, cache reads, cache writes and output, each at its own rate. */
export function callCost(tokens: BilledTokens, prices: ModelPrices): number {
  const uncached = Math.max(0, tokens.promptTokens - tokens.cacheReadTokens - tokens.cacheWriteTokens);
  return (
    (uncached * prices.input +
      tokens.cacheReadTokens * prices.cacheRead +
      tokens.cacheWriteTokens * prices.cacheWrite +
      tokens.completionTokens * prices.output) /
    1e6
  );
}
