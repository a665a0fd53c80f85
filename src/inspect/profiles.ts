import type { AgentProfile, ChatProfile } from '../engine/index.ts';

/** Anthropic models read explicit cache breakpoints; every other model gets the plain profile (automatic caching). */
export function defaultProfile(model: string | null): ChatProfile {
  return model && /claude|anthropic/i.test(model) ? 'anthropic' : 'openai';
}

/** The provider profile a call is estimated with. */
export function profileFor(profile: AgentProfile, model: string | null): ChatProfile {
  return profile === 'auto' ? defaultProfile(model) : profile;
}
