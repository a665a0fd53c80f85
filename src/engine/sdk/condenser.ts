import type { LlmWork } from '../core/index.ts';
import { NoCondensationAvailable } from './errors.ts';
import type { CondensationDraft } from './events.ts';
import type { AgentLlm } from './tokens.ts';
import type { SdkView } from './view.ts';

export type SdkCondenseResult = SdkView | CondensationDraft;

export function isCondensationDraft(result: SdkCondenseResult): result is CondensationDraft {
  return 'forgottenEventIds' in result;
}

/** `CondenserBase`: a View in, a View (send these events) or a condensation (persist it, no LLM call) out. */
export interface SdkCondenser {
  condense(view: SdkView, agentLlm: AgentLlm | null): LlmWork<SdkCondenseResult>;
  handlesCondensationRequests(): boolean;
}

/** `CondensationRequirement`: a SOFT need may wait for the next step; a HARD one must be met now. */
export type CondensationRequirement = 'hard' | 'soft';

/**
 * `RollingCondenser`'s control flow: condense only when required; when no condensation is available,
 * a SOFT requirement hands the view back unchanged and a HARD one tries a hard context reset, then
 * re-raises the original failure.
 */
export abstract class RollingCondenser implements SdkCondenser {
  abstract condensationRequirement(view: SdkView, agentLlm: AgentLlm | null): CondensationRequirement | null;
  abstract getCondensation(view: SdkView, agentLlm: AgentLlm | null): LlmWork<CondensationDraft>;

  // eslint-disable-next-line require-yield -- the default has nothing to ask an LLM
  *hardContextReset(_view: SdkView, _agentLlm: AgentLlm | null): LlmWork<CondensationDraft | null> {
    return null;
  }

  handlesCondensationRequests(): boolean {
    return false;
  }

  *condense(view: SdkView, agentLlm: AgentLlm | null): LlmWork<SdkCondenseResult> {
    const requirement = this.condensationRequirement(view, agentLlm);
    if (requirement === null) return view;
    try {
      return yield* this.getCondensation(view, agentLlm);
    } catch (error) {
      if (!(error instanceof NoCondensationAvailable)) throw error;
      if (requirement === 'soft') return view;
      const reset = yield* this.hardContextReset(view, agentLlm);
      if (reset !== null) return reset;
      throw error;
    }
  }
}

/** `NoOpCondenser`: the view as it is. */
export class NoOpCondenser implements SdkCondenser {
  // eslint-disable-next-line require-yield -- the generator shape is the shared condenser contract
  *condense(view: SdkView): LlmWork<SdkCondenseResult> {
    return view;
  }

  handlesCondensationRequests(): boolean {
    return false;
  }
}

/** `PipelineCondenser`: each condenser gets the previous one's view; the first condensation wins. */
export class PipelineCondenser implements SdkCondenser {
  constructor(readonly condensers: readonly SdkCondenser[]) {}

  *condense(view: SdkView, agentLlm: AgentLlm | null): LlmWork<SdkCondenseResult> {
    let result: SdkCondenseResult = view;
    for (const condenser of this.condensers) {
      if (isCondensationDraft(result)) break;
      result = yield* condenser.condense(result, agentLlm);
    }
    return result;
  }

  handlesCondensationRequests(): boolean {
    return this.condensers.some((condenser) => condenser.handlesCondensationRequests());
  }
}
