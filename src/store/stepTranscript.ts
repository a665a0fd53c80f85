import type { AgentTranscript } from '../worker/index.ts';
import { agentSettingsOf } from './agentSettings.ts';
import { errorText } from './errorText.ts';
import type { GetState, StoreDeps } from './types.ts';

/**
 * The messages the agent's LLM received at `step` of the open session; a failure to build them is a
 * transcript that says why. Null when there is nothing to ask for, or when another log was opened
 * meanwhile (its answer is not this session's).
 */
export async function fetchTranscript(get: GetState, deps: StoreDeps, step: number): Promise<AgentTranscript | null> {
  const { active } = get();
  const generation = deps.logGeneration?.();
  try {
    return await deps.engine.call('agentTranscript', { step, agent: agentSettingsOf(active) });
  } catch (error) {
    if (deps.logGeneration?.() !== generation) return null;
    return {
      step,
      messages: [],
      tools: null,
      toolTokens: 0,
      error: `The messages could not be built: ${errorText(error)}`,
    };
  }
}
