import type { ChatProfile } from '../engine/index.ts';

/** Anthropic models read explicit cache breakpoints; every other model gets the plain profile. */
export function defaultProfile(model: string | null): ChatProfile {
  return model && /claude|anthropic/i.test(model) ? 'anthropic' : 'openai';
}
