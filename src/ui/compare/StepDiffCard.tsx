import type { ReactNode } from 'react';
import { useAppState } from '../app/storeContext.tsx';
import { shortId } from '../shared/EventLabel.tsx';
import { formatCount } from '../shared/format.ts';
import { type StepDiffRow, count, difference, dollars, idRuns, signedCount, signedDollars } from './stepDiff.ts';

/** One figure's cells: A, B, B − A, and the recorded run's (or why there is none). */
function Figure({ label, cells }: { label: string; cells: readonly [ReactNode, ReactNode, ReactNode, ReactNode] }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      {cells.map((cell, k) => (
        <td key={k} className={k === 3 ? 'recorded-cell' : undefined}>
          {cell}
        </td>
      ))}
    </tr>
  );
}

/** Which events only one side keeps at the step: how many, and their ids as runs of neighbours. */
function OnlyKept({
  count: kept,
  events,
}: {
  count: number;
  events: ReadonlyArray<{ id: string | number; index: number }> | null;
}) {
  if (kept === 0) return <>none</>;
  return (
    <>
      {formatCount(kept)}
      {events && <span className="kept-ids">: {idRuns(events, shortId)}</span>}
    </>
  );
}

/**
 * The current step, A beside B: what each view keeps, the messages, tokens and dollars, B − A, and what
 * the log recorded for the call (exact) where it recorded usage; A's and B's tokens and dollars are estimates
 * (their rows say so).
 */
export function StepDiffCard({ row, mode }: { row: StepDiffRow; mode: 'recorded' | 'resimulate' }) {
  const ids = useAppState((s) => (s.compareStep?.step === row.step ? s.compareStep : null));
  const { a, b, recorded } = row;
  const notRecorded = (
    <span className="muted" title="The log's bill records tokens and dollars only">
      –
    </span>
  );
  return (
    <table className="compare-step" aria-label={`A and B at step ${row.step + 1}`}>
      <caption>
        Step {row.step + 1}: A ({mode === 'recorded' ? 'as recorded' : 're-simulated'}) and B (re-simulated)
      </caption>
      <thead>
        <tr>
          <td />
          <th scope="col">A</th>
          <th scope="col">B</th>
          <th scope="col">B − A</th>
          <th scope="col" title="What the log recorded for this call, exactly">
            Recorded run
          </th>
        </tr>
      </thead>
      <tbody>
        <Figure
          label="Events in view"
          cells={[count(a.events), count(b.events), signedCount(difference(a.events, b.events)), notRecorded]}
        />
        <Figure
          label="Kept by one side only"
          cells={[
            <OnlyKept key="a" count={row.onlyA} events={ids?.onlyA ?? null} />,
            <OnlyKept key="b" count={row.onlyB} events={ids?.onlyB ?? null} />,
            '–',
            notRecorded,
          ]}
        />
        <Figure
          label="Messages"
          cells={[count(a.messages), count(b.messages), signedCount(difference(a.messages, b.messages)), notRecorded]}
        />
        <Figure
          label="Facts lost"
          cells={[
            count(a.lostFacts),
            count(b.lostFacts),
            signedCount(difference(a.lostFacts, b.lostFacts)),
            notRecorded,
          ]}
        />
        <Figure
          label="Prompt tokens (est.)"
          cells={[
            count(a.tokens),
            count(b.tokens),
            signedCount(difference(a.tokens, b.tokens)),
            recorded ? <span className="recorded">{formatCount(recorded.tokens)}</span> : 'not recorded',
          ]}
        />
        <Figure
          label="Dollars (est.)"
          cells={[
            dollars(a.dollars),
            dollars(b.dollars),
            signedDollars(difference(a.dollars, b.dollars)),
            recorded?.dollars != null ? (
              <span className="recorded">{dollars(recorded.dollars)}</span>
            ) : recorded ? (
              'cost not recorded'
            ) : (
              'not recorded'
            ),
          ]}
        />
      </tbody>
    </table>
  );
}
