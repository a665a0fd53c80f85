import { type CondenserConfig, parseCondenserConfig } from '../../engine/v0/index.ts';

/** OpenHands' web-server default: window on requests, browser masking, then an LLM summarizer. */
export const SERVER_DEFAULT_CONFIG: CondenserConfig = {
  type: 'pipeline',
  condensers: [
    { type: 'conversation_window' },
    { type: 'browser_output_masking', attention_window: 2 },
    { type: 'llm', keep_first: 4, max_size: 120 },
  ],
};

/** The configuration a new V0 session starts with: the one the log records, if valid, else the server default. */
export function initialConfig(recorded: unknown): CondenserConfig {
  if (recorded !== null && recorded !== undefined) {
    try {
      return parseCondenserConfig(recorded);
    } catch {
      // An eval's recorded config OpenHands would reject falls back to the default, like OpenHands does.
    }
  }
  return SERVER_DEFAULT_CONFIG;
}
