// The Agent SDK condenser registry: one file per condenser kind, one line here each.
// Their zod schemas give defaults, validation and the settings form.
import type { SdkCondenserDefinition } from './definition.ts';
import { llmSummarizingCondenser } from './llmSummarizing.ts';
import { noOpCondenser } from './noop.ts';
import { pipelineCondenser } from './pipeline.ts';

export type { SdkCondenserDefinition, SdkConfigOf } from './definition.ts';

/** Every SDK condenser kind the engine knows. Adding one: its file plus one line here. */
export const SDK_CONDENSERS: readonly SdkCondenserDefinition[] = [
  llmSummarizingCondenser,
  noOpCondenser,
  pipelineCondenser,
];

export const SDK_CONDENSER_KINDS: readonly string[] = SDK_CONDENSERS.map((definition) => definition.kind);

export function sdkCondenserDefinition(kind: string): SdkCondenserDefinition | undefined {
  return SDK_CONDENSERS.find((definition) => definition.kind === kind);
}
export type { summarizing1431, summarizing202509 } from './llmSummarizing.ts';
