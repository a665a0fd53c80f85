import { type AgentSettings, defaultProfile } from '../inspect/index.ts';
import type { ActiveSession } from './types.ts';

export function agentSettingsOf(active: ActiveSession | null): AgentSettings {
  return active?.record.agent ?? { profile: defaultProfile(active?.opened.agentModel ?? null), templates: {} };
}
