import { useActions, useAppState } from '../app/storeContext.tsx';
import { formatCost, formatCount } from '../shared/format.ts';
import './llmSettings.css';

/** Real answers for the current settings: what a run needs (calls, tokens, cost) before it starts. */
export function LiveRun() {
  const settings = useAppState((s) => s.llmSettings);
  const placeholders = useAppState((s) => s.summary?.llm.placeholders ?? 0);
  const estimate = useAppState((s) => s.estimate);
  const live = useAppState((s) => s.live);
  const { estimateLiveRun, runLive, cancelLive } = useActions();
  if (live) {
    return (
      <div className="live-run" role="status">
        <p>{live.message}</p>
        <button type="button" className="danger" onClick={cancelLive}>
          Cancel the run
        </button>
      </div>
    );
  }
  if (placeholders === 0) return null;
  const ready = settings && settings.apiKey && settings.baseURL && settings.model;
  return (
    <div className="live-run">
      <p>
        {placeholders} LLM call{placeholders === 1 ? '' : 's'} of this replay {placeholders === 1 ? 'has' : 'have'} no
        recorded answer (placeholders shown).
      </p>
      {estimate ? (
        <p>
          A live run would make {estimate.placeholders} call{estimate.placeholders === 1 ? '' : 's'} with about{' '}
          {formatCount(estimate.missingPromptTokens ?? 0)} prompt tokens
          {settings?.inputPrice != null
            ? ` (≈ ${formatCost(((estimate.missingPromptTokens ?? 0) * settings.inputPrice) / 1e6)} of input)`
            : ''}
          ; later prompts may differ once real summaries replace placeholders.
        </p>
      ) : (
        <button type="button" onClick={() => void estimateLiveRun()}>
          Estimate calls and tokens
        </button>
      )}
      {ready ? (
        <button type="button" onClick={() => void runLive()}>
          Run with {settings.model}
        </button>
      ) : (
        <p className="help">Set up an LLM endpoint (LLM settings, top right) to get real answers.</p>
      )}
    </div>
  );
}
