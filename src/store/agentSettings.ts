import type { AgentSettings } from '../inspect/index.ts';
import type { ActiveSession } from './types.ts';

export function agentSettingsOf(active: ActiveSession | null): AgentSettings {
  // Each call is estimated by the profile of its own model: a run may move from GPT-5 to Claude.
  return active?.record.agent ?? { profile: 'auto', templates: {} };
}
