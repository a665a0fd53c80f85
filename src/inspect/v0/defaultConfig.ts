import { type CondenserConfig, parseCondenserConfig } from '../../engine/v0/index.ts';

/** OpenHands' web-server pipeline (window on requests, browser masking, then an LLM summarizer) around these summarizer settings. */
export function serverPipeline(summarizer: { keep_first: number; max_size: number }): CondenserConfig {
  return {
    type: 'pipeline',
    condensers: [
      { type: 'conversation_window' },
      { type: 'browser_output_masking', attention_window: 2 },
      { type: 'llm', ...summarizer },
    ],
  };
}

/** OpenHands' web-server default. */
export const SERVER_DEFAULT_CONFIG: CondenserConfig = serverPipeline({ keep_first: 4, max_size: 120 });

/** The configuration the log records (an eval's metadata), if OpenHands would accept it. */
export function recordedConfig(recorded: unknown): CondenserConfig | null {
  if (recorded === null || recorded === undefined) return null;
  try {
    return parseCondenserConfig(recorded);
  } catch {
    // An eval's recorded config OpenHands would reject falls back to the default, like OpenHands does.
    return null;
  }
}

/** The configuration a new V0 session starts with: the one the log records, if valid, else the server default. */
export function initialConfig(recorded: unknown): CondenserConfig {
  return recordedConfig(recorded) ?? SERVER_DEFAULT_CONFIG;
}
