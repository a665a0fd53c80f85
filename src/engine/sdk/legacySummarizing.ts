import { lazyRequest, type LlmWork } from '../core/index.ts';
import { pySlice } from '../core/index.ts';
import type { SdkCondenseResult, SdkCondenser } from './condenser.ts';
import { eventString } from './eventText.ts';
import { promptIdentity, promptLine } from './llmSummarizing.ts';
import { summarizingPromptParts } from './prompt.ts';
import type { SdkView } from './view.ts';

/** The September 2025 `LLMSummarizingCondenser`'s settings. */
export interface LegacySummarizingSettings {
  readonly max_size: number;
  readonly keep_first: number;
}

/**
 * The agent-sdk's summarizing condenser of September 2025: no token trigger, no manipulation indices,
 * no minimum progress and no hard reset. It forgets `view[keep_first:-tail]` blindly (so a slice may
 * end between an action and its observation) and always puts the summary at `keep_first`. A request
 * aims at half of max_size like any condensation (half of the view came with SDK #1034, 2025-11-10),
 * so on a short view it may forget nothing, after asking the LLM all the same.
 */
export class LegacySummarizingCondenser implements SdkCondenser {
  constructor(readonly settings: LegacySummarizingSettings) {}

  handlesCondensationRequests(): boolean {
    return true;
  }

  *condense(view: SdkView): LlmWork<SdkCondenseResult> {
    const { keep_first: keepFirst, max_size: maxSize } = this.settings;
    if (!view.unhandledCondensationRequest && view.length <= maxSize) return view;
    const eventsFromTail = Math.floor(maxSize / 2) - Math.min(keepFirst, view.length) - 1;
    const forgotten = pySlice(view.events, keepFirst, -eventsFromTail);
    const answer = yield lazyRequest(
      { condenser: 'llm', forgets: forgotten.map((event) => event.id) },
      {
        identity: () => ['sdk-2025-09-summary', forgotten.map(promptIdentity)],
        prompt: () =>
          summarizingPromptParts(
            forgotten.map((event) => promptLine(event, 'sdk str 2025-09', () => eventString(event, '2025-09'))),
          ),
      },
    );
    return {
      forgottenEventIds: forgotten.map((event) => event.id),
      summary: answer.content,
      summaryOffset: keepFirst,
      llmResponseId: null,
    };
  }
}
