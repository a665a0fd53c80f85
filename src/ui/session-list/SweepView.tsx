import { useId, useMemo, useState } from 'react';
import type { SweepRow } from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { formatCost, formatCount } from '../shared/format.ts';
import './sessionList.css';

const number = (value: number | null) => (value === null ? '—' : formatCount(value));
const dollars = (value: number | null) => (value === null ? '—' : formatCost(value));

interface ConfigTotals {
  readonly name: string;
  readonly replays: number;
  readonly errors: number;
  readonly condensations: number;
  readonly cost: number | null;
}

function totalsByConfig(rows: readonly SweepRow[]): ConfigTotals[] {
  const totals = new Map<
    string,
    { replays: number; errors: number; condensations: number; cost: number; priced: number }
  >();
  for (const row of rows) {
    const entry = totals.get(row.config) ?? { replays: 0, errors: 0, condensations: 0, cost: 0, priced: 0 };
    entry.replays++;
    if (row.error !== null) entry.errors++;
    entry.condensations += row.condensations ?? 0;
    if (row.estimated_cost_usd !== null) {
      entry.cost += row.estimated_cost_usd;
      entry.priced++;
    }
    totals.set(row.config, entry);
  }
  return [...totals].map(([name, entry]) => ({
    name,
    replays: entry.replays,
    errors: entry.errors,
    condensations: entry.condensations,
    cost: entry.priced ? entry.cost : null,
  }));
}

/** A sweep result as a table: totals per configuration, then every row; a row opens its instance with its configuration. */
export function SweepView() {
  const sweep = useAppState((s) => s.sweep);
  const { closeSweep, jumpToSweepRow } = useActions();
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const rows = useMemo(() => sweep?.result.rows.map((row, index) => ({ row, index })) ?? [], [sweep]);
  const totals = useMemo(() => (sweep ? totalsByConfig(sweep.result.rows) : []), [sweep]);
  if (!sweep) return null;
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? rows.filter(({ row }) => `${row.instance ?? ''} ${row.source} ${row.config}`.toLowerCase().includes(needle))
    : rows;
  return (
    <div className="modal-backdrop">
      <div
        className="sweep-view"
        role="dialog"
        aria-modal="true"
        aria-label="Sweep result"
        onKeyDown={(e) => e.key === 'Escape' && closeSweep()}
      >
        <h2>Sweep: {sweep.name}</h2>
        <table className="sweep-totals">
          <caption>Per configuration</caption>
          <thead>
            <tr>
              <th scope="col">Configuration</th>
              <th scope="col">Replays</th>
              <th scope="col">Condensations</th>
              <th scope="col">Estimated cost</th>
              <th scope="col">Errors</th>
            </tr>
          </thead>
          <tbody>
            {totals.map((total) => (
              <tr key={total.name}>
                <td>{total.name}</td>
                <td>{total.replays}</td>
                <td>{formatCount(total.condensations)}</td>
                <td>{dollars(total.cost)}</td>
                <td>{total.errors}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <label htmlFor={filterId}>Filter rows (instance, log or configuration)</label>
        <input id={filterId} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
        <div className="sweep-table">
          <table>
            <thead>
              <tr>
                <th scope="col">Instance</th>
                <th scope="col">Configuration</th>
                <th scope="col">Steps</th>
                <th scope="col">Condensations</th>
                <th scope="col">Peak view tokens</th>
                <th scope="col">Agent prompt tokens</th>
                <th scope="col">Estimated cost</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {shown.map(({ row, index }) => (
                <tr key={index}>
                  <td>
                    <button
                      type="button"
                      className="link"
                      aria-label={`Open ${row.instance ?? row.source} with ${row.config}`}
                      onClick={() => void jumpToSweepRow(index)}
                    >
                      {row.instance ?? row.source}
                    </button>
                  </td>
                  <td>{row.config}</td>
                  <td>{number(row.steps)}</td>
                  <td>{number(row.condensations)}</td>
                  <td>{number(row.peak_view_tokens)}</td>
                  <td>{number(row.agent_prompt_tokens)}</td>
                  <td>{dollars(row.estimated_cost_usd)}</td>
                  <td className="error-cell">{row.error ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="form-actions">
          <button type="button" onClick={closeSweep}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
