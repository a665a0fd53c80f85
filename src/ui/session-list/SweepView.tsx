import { useId, useMemo, useState } from 'react';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { formatCost, formatCount } from '../shared/format.ts';
import { ParetoChart } from './ParetoChart.tsx';
import { configPoints } from './sweepFrontier.ts';
import './sessionList.css';

const number = (value: number | null) => (value === null ? '—' : formatCount(value));
const dollars = (value: number | null) => (value === null ? '—' : formatCost(value));

/**
 * A sweep result: the cost–quality chart, totals per configuration, then every row; a point or a row
 * opens its instance with its configuration.
 */
export function SweepView() {
  const sweep = useAppState((s) => s.sweep);
  const { closeSweep, jumpToSweepRow } = useActions();
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const rows = useMemo(() => sweep?.result.rows.map((row, index) => ({ row, index })) ?? [], [sweep]);
  const totals = useMemo(() => (sweep ? configPoints(sweep.result.rows) : []), [sweep]);
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
        <ParetoChart points={totals} onOpen={(row) => void jumpToSweepRow(row)} />
        <table className="sweep-totals">
          <caption>Per configuration</caption>
          <thead>
            <tr>
              <th scope="col">Configuration</th>
              <th scope="col">Replays</th>
              <th scope="col">Condensations</th>
              <th scope="col">Estimated cost</th>
              <th scope="col">Missing facts</th>
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
                <td>{number(total.missingFacts)}</td>
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
                <th scope="col">Missing facts</th>
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
                  <td>{number(row.missing_facts)}</td>
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
