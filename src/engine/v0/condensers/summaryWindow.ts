import { type Condensation, type Condenser, condensation, rolling } from '../condenser.ts';
import { OpenHandsFailure, floorDiv, minMax, pySlice, truncateContent } from '../../core/index.ts';
import { type ViewEntry, entryContent, entryId, isCondensationObservation } from '../events.ts';
import { type LlmAnswer, type LlmWork, type PromptParts, type ToolDefinition, lazyRequest } from '../../core/index.ts';
import { eventPromptText } from '../prompts/eventText.ts';
import { NO_PREVIOUS_SUMMARY } from '../prompts/summarizing.ts';
import { addEventBlock, summaryPrompt } from '../prompts/template.ts';
import type { View } from '../view.ts';
export interface SummaryWindowConfig {
  readonly keep_first: number;
  readonly max_size: number;
  readonly max_event_length: number;
}

/** What a summarizer prompt is made of: the previous summary text and the `<EVENT>` blocks to forget (added on demand). */
export interface SummaryInputs {
  readonly previousSummary: string;
  readonly forgottenIds: readonly number[];
  readonly maxEventLength: number;
  addEvents(prompt: PromptParts): void;
}

/**
 * The selection shared by the `llm` and `structured` condensers: keep `keep_first` events, the
 * summary slot and the newest events so that half of max_size remains, and summarize the rest.
 * `summarize` asks the LLM and returns the summary text (null when the model gave no content).
 */
export function* summarizeMiddle(
  view: View,
  config: SummaryWindowConfig,
  summarize: (parts: SummaryInputs) => LlmWork<string | null>,
): LlmWork<Condensation> {
  const { keep_first: keepFirst, max_size: maxSize, max_event_length: maxEventLength } = config;
  const entries = view.entries;
  const head = pySlice(entries, 0, keepFirst);
  const eventsFromTail = floorDiv(maxSize, 2) - head.length - 1;
  const previous = entries[keepFirst];
  if (previous === undefined) {
    throw new OpenHandsFailure(
      `the summarizer looks for the previous summary at position keep_first (${keepFirst}), but the view holds only ${entries.length} events`,
      'IndexError: list index out of range',
    );
  }
  // Any condensation observation at keep_first counts as the previous summary, a masked one too.
  const previousSummary = isCondensationObservation(previous) ? entryContent(previous) : NO_PREVIOUS_SUMMARY;
  // view[keep_first:-0] is empty in Python: configs with eventsFromTail 0 never forget anything.
  const forgotten: ViewEntry[] = pySlice(entries, keepFirst, -eventsFromTail).filter(
    (entry) => !isCondensationObservation(entry),
  );
  const summary = yield* summarize({
    previousSummary: truncateContent(previousSummary, maxEventLength),
    forgottenIds: forgotten.map(entryId),
    maxEventLength,
    addEvents: (prompt) => {
      const form = `v0 str ${maxEventLength}`;
      for (const entry of forgotten) {
        // A summary's or a placeholder's text is the replay's own, not the log's.
        const logged = entry.kind === 'summary' || entry.kind === 'masked' ? null : { event: entry, form };
        addEventBlock(prompt, entryId(entry), () => truncateContent(eventPromptText(entry), maxEventLength), logged);
      }
    },
  });
  if (forgotten.length === 0) {
    throw new OpenHandsFailure(
      `the summarizer was asked to forget zero events (view of ${entries.length}, keep_first ${keepFirst}, max_size ${maxSize}); the LLM call was already made and paid for`,
      'ValueError: min() arg is an empty sequence',
    );
  }
  if (summary === null) {
    throw new OpenHandsFailure(
      'the summarizer LLM answered without any text, and a condensation with a summary offset but no summary is invalid',
      'ValueError: Invalid configuration of the optional fields.',
    );
  }
  const [start, end] = minMax(forgotten.map(entryId));
  return condensation({ forgottenEventsStartId: start, forgottenEventsEndId: end, summary, summaryOffset: keepFirst });
}

/** What LlmRequest.identity of a summarizer's request is the JSON of. */
export function summaryIdentity(template: string, parts: SummaryInputs): readonly unknown[] {
  return [template, parts.previousSummary, parts.maxEventLength, parts.forgottenIds];
}

/** What sets the `llm` and `structured` summarizers apart: the request's tools, and how the answer becomes a summary. */
export interface SummarizerCall {
  readonly condenser: 'llm' | 'structured';
  readonly tool?: ToolDefinition;
  readonly summaryOf: (answer: LlmAnswer) => string | null;
}

/**
 * A summarizer condenser: past max_size (or on a condensation request) the middle events go to the LLM in the
 * template, and its answer becomes the rolling summary.
 */
export function rollingSummarizer(config: SummaryWindowConfig, template: string, call: SummarizerCall): Condenser {
  return rolling(
    (view) => view.length > config.max_size || view.unhandledCondensationRequest,
    (view) =>
      summarizeMiddle(view, config, function* (parts) {
        const request = {
          condenser: call.condenser,
          forgets: parts.forgottenIds,
          ...(call.tool ? { tools: [call.tool], forcedTool: call.tool.function.name } : {}),
        };
        const answer = yield lazyRequest(request, {
          identity: () => summaryIdentity(template, parts),
          prompt: () => summaryPrompt(template, parts.previousSummary, parts.addEvents),
        });
        return call.summaryOf(answer);
      }),
  );
}
