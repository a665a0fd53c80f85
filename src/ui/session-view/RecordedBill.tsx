import type { RecordedFigures, RecordedTotals } from '../../store/index.ts';
import { formatDollars } from '../../store/index.ts';
import { useAppState } from '../app/storeContext.tsx';
import { formatCount } from '../shared/format.ts';

const tokens = (value: number | null) => (value === null ? 'not recorded' : formatCount(value));
const dollars = (figures: RecordedFigures) =>
  figures.cost === null
    ? 'cost not recorded'
    : `${formatDollars(figures.cost)}${figures.callsWithoutCost ? ` (+${figures.callsWithoutCost} calls without a cost)` : ''}`;
const calls = (count: number) => `${formatCount(count)} call${count === 1 ? '' : 's'}`;

function ByModel({ bill }: { bill: RecordedTotals }) {
  return (
    <table className="recorded-bill-table">
      <caption>Recorded, by model (input tokens: uncached + cache read + cache write)</caption>
      <thead>
        <tr>
          <th scope="col">Model</th>
          <th scope="col">Calls</th>
          <th scope="col">Cost</th>
          <th scope="col">Input</th>
          <th scope="col">Cache read</th>
          <th scope="col">Cache write</th>
          <th scope="col">Output</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(bill.byModel).map(([model, figures]) => (
          <tr key={model}>
            <th scope="row">{model}</th>
            <td>{formatCount(figures.calls)}</td>
            <td>{dollars(figures)}</td>
            <td>{tokens(figures.inputTokens)}</td>
            <td>{tokens(figures.cacheReadTokens)}</td>
            <td>{tokens(figures.cacheWriteTokens)}</td>
            <td>{tokens(figures.outputTokens)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What the run cost as the log recorded it: the provider's bill, agent and condenser calls apart, per model. */
export function RecordedBill() {
  const bill = useAppState((s) => s.active?.opened.recordedBill ?? null);
  if (!bill) return null;
  if (bill.nothingRecorded)
    return (
      <p className="recorded-bill muted" aria-label="Recorded cost">
        No recorded usage: this log records no tokens or cost, so every figure here is an estimate.
      </p>
    );
  const { agent, condenser } = bill.byRole;
  return (
    <details className="recorded-bill" aria-label="Recorded cost">
      <summary>
        Recorded {bill.totalCost === null ? 'usage (no cost recorded)' : formatDollars(bill.totalCost)} · agent{' '}
        {calls(agent.calls)} {dollars(agent)} · condenser {calls(condenser.calls)} {dollars(condenser)}
      </summary>
      <ByModel bill={bill} />
      {bill.notes.length > 0 && (
        <ul className="recorded-bill-notes">
          {bill.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </details>
  );
}
