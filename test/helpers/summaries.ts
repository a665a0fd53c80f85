import type { ReplaySummary } from '../../src/store/index.ts';

/** A replay's summary for store tests: these condensations, one step before each row given. */
export function summaryWith(condensations: ReplaySummary['condensations'], beforeEventIndex: number[]): ReplaySummary {
  return {
    mode: 'resimulate',
    durationMs: 1,
    notes: [],
    llm: {
      calls: 0,
      recorded: 0,
      placeholders: 0,
      live: 0,
      promptTokens: null,
      missingPromptTokens: null,
      promptTokensFittedOn: 0,
      estimatedPromptCalls: 0,
      completionTokens: null,
    },
    condensations,
    steps: beforeEventIndex.map((at, index) => ({
      index,
      beforeEventId: at,
      beforeEventIndex: at,
      viewLength: 0,
      viewTokens: 0,
      condensationIds: condensations.filter((c) => c.stepIndex === index).map((c) => c.id),
      unhandledCondensationRequest: false,
      failure: null,
    })),
  };
}
