import { noLlm, runSync } from '../core/index.ts';
import { type Condenser, isCondensation } from './condenser.ts';
import type { ReplayStep } from './replay.ts';
import { type View, viewAt } from './view.ts';

/**
 * The view a step handed the agent. Steps keep only where the history stood, so the condensers'
 * view transforms (masking, recent) run again here; none of them condenses or asks an LLM, since
 * the step's last call did not either.
 */
export function stepView(step: ReplayStep, condenser: Condenser | null): View | null {
  if (!step.position) return null;
  const base = viewAt(step.position);
  if (!condenser) return base;
  const result = runSync(condenser.condense(base), noLlm);
  if (isCondensation(result)) throw new Error(`step ${step.index}: the condenser no longer returns a view`);
  return result;
}
