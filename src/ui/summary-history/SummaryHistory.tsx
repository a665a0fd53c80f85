import { useMemo, useState } from 'react';
import { type EventId, type SummaryHistoryEntry, lineDiff, summaryHistory } from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { Highlighted } from '../search/Highlighted.tsx';
import { hasHit } from '../search/hits.ts';
import { shortId } from '../shared/EventLabel.tsx';
import './summaryHistory.css';

function SummaryDiff({ before, after }: { before: string; after: string }) {
  const lines = useMemo(() => lineDiff(before, after), [before, after]);
  return (
    <pre className="diff" aria-label="Changes from the previous summary">
      {lines.map((line, i) => (
        <span key={i} className={`diff-${line.kind}`}>
          {line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '- ' : '  '}
          {line.text}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}

function Entry({
  entry,
  number,
  onShowPrompt,
}: {
  entry: SummaryHistoryEntry;
  number: number;
  onShowPrompt: (id: EventId) => void;
}) {
  const [showDiff, setShowDiff] = useState(false);
  const { setStep } = useActions();
  const search = useAppState((s) => s.search);
  const { condensation } = entry;
  const dropped = useAppState((s) => s.droppedFacts?.[String(condensation.id)] ?? null);
  return (
    <li className="summary-entry">
      <header>
        <h4>
          Condensation {number}: step {condensation.stepIndex + 1}, before event {shortId(entry.beforeEventId)}
        </h4>
        <p className="summary-facts">
          Forgets {entry.forgottenRange}
          {condensation.summaryOffset !== null && ` · summary at position ${condensation.summaryOffset}`}
          {condensation.placeholder && ' · placeholder: no LLM answer was recorded'}
        </p>
        <div className="summary-actions">
          <button type="button" onClick={() => setStep(condensation.stepIndex)}>
            Go to step {condensation.stepIndex + 1}
          </button>
          {condensation.llmCall !== null && (
            <button type="button" onClick={() => onShowPrompt(condensation.id)}>
              Show prompt
            </button>
          )}
          {condensation.summary !== null && entry.previousSummary !== null && (
            <button type="button" aria-pressed={showDiff} onClick={() => setShowDiff(!showDiff)}>
              {showDiff ? 'Show summary' : 'Compare with previous summary'}
            </button>
          )}
        </div>
      </header>
      {dropped && dropped.length > 0 && (
        <div className="dropped-facts" aria-label="Facts it dropped that were used later">
          Dropped facts the agent used later:{' '}
          {dropped.map(({ step, fact }, i) => (
            <button key={`${step}:${fact}:${i}`} type="button" className="link" onClick={() => setStep(step)}>
              {fact} (step {step + 1})
            </button>
          ))}
        </div>
      )}
      {condensation.summary === null ? (
        <p className="muted">No summary: this condensation only forgets.</p>
      ) : showDiff && entry.previousSummary !== null ? (
        <SummaryDiff before={entry.previousSummary} after={condensation.summary} />
      ) : (
        <pre className="summary-text">
          <Highlighted text={condensation.summary} query={search} />
        </pre>
      )}
    </li>
  );
}

/** Every condensation of the replay in order: where, what it forgot, the summary and how it changed. */
export function SummaryHistory({ onShowPrompt }: { onShowPrompt: (id: EventId) => void }) {
  const summary = useAppState((s) => s.summary);
  const search = useAppState((s) => s.search);
  const entries = useMemo(() => (summary ? summaryHistory(summary) : []), [summary]);
  const mentioning = search.trim()
    ? entries.filter((entry) => hasHit(entry.condensation.summary ?? '', search)).length
    : null;
  if (!summary) return <p className="empty">Replaying…</p>;
  if (entries.length === 0) {
    return (
      <p className="empty">
        {summary.mode === 'recorded'
          ? 'The log records no condensation: the agent saw its whole history at every step.'
          : 'These settings never condensed on this log: every view stayed within its limits. Lower max_size (or max_tokens) to see condensations.'}
      </p>
    );
  }
  return (
    <section className="summary-history" aria-label="Summary history">
      {mentioning !== null && (
        <p className="muted" role="status">
          {mentioning} of {entries.length} summaries mention “{search.trim()}”
        </p>
      )}
      <ol>
        {entries.map((entry, i) => (
          <Entry key={entry.condensation.id} entry={entry} number={i + 1} onShowPrompt={onShowPrompt} />
        ))}
      </ol>
    </section>
  );
}
