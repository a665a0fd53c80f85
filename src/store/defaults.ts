export const APP_VERSION = '0.1.0';
export { DEFAULT_MAX_ANSWER_BYTES } from '../llm/boundedFetch.ts';
export { DEFAULT_DEADLINE_MS } from '../llm/openaiLlm.ts';
