import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { type StepDiffRow, count, difference, dollars, signedCount, signedDollars } from './stepDiff.ts';

const ROW_HEIGHT = 22;
/** The two heading rows, sticky above the rows. */
const HEADER_HEIGHT = 2 * ROW_HEIGHT;

/** The columns after the step: a heading, its group, and the cell's text. */
const COLUMNS: ReadonlyArray<{
  readonly group: string;
  readonly label: string;
  readonly value: (row: StepDiffRow) => string;
  readonly recorded?: boolean;
}> = [
  { group: 'Events in view', label: 'A', value: (r) => count(r.a.events) },
  { group: 'Events in view', label: 'B', value: (r) => count(r.b.events) },
  { group: 'Events in view', label: 'only A', value: (r) => count(r.onlyA) },
  { group: 'Events in view', label: 'only B', value: (r) => count(r.onlyB) },
  { group: 'Messages', label: 'A', value: (r) => count(r.a.messages) },
  { group: 'Messages', label: 'B', value: (r) => count(r.b.messages) },
  { group: 'Facts lost', label: 'A', value: (r) => count(r.a.lostFacts) },
  { group: 'Facts lost', label: 'B', value: (r) => count(r.b.lostFacts) },
  { group: 'Prompt tokens (est.)', label: 'A', value: (r) => count(r.a.tokens) },
  { group: 'Prompt tokens (est.)', label: 'B', value: (r) => count(r.b.tokens) },
  { group: 'Prompt tokens (est.)', label: 'B − A', value: (r) => signedCount(difference(r.a.tokens, r.b.tokens)) },
  {
    group: 'Recorded run',
    label: 'tokens',
    value: (r) => (r.recorded ? count(r.recorded.tokens) : 'not recorded'),
    recorded: true,
  },
  { group: 'Dollars (est.)', label: 'A', value: (r) => dollars(r.a.dollars) },
  { group: 'Dollars (est.)', label: 'B', value: (r) => dollars(r.b.dollars) },
  { group: 'Dollars (est.)', label: 'B − A', value: (r) => signedDollars(difference(r.a.dollars, r.b.dollars)) },
  {
    group: 'Recorded run',
    label: 'dollars',
    value: (r) => (r.recorded?.dollars != null ? dollars(r.recorded.dollars) : 'not recorded'),
    recorded: true,
  },
];

/** Neighbouring columns of one group under one heading. */
const GROUPS = COLUMNS.reduce<Array<{ label: string; span: number }>>((groups, column) => {
  const last = groups[groups.length - 1];
  if (last && last.label === column.group) last.span++;
  else groups.push({ label: column.group, span: 1 });
  return groups;
}, []);

/**
 * Every step, A beside B (virtualized: a long log draws only the rows on screen). The current step's row
 * is marked and kept in sight; a click on a step, or the arrow keys, Home and End in the table, move it.
 */
export function PerStepDiff({
  rows,
  step,
  onStep,
  onMove,
}: {
  rows: readonly StepDiffRow[];
  step: number;
  onStep: (step: number) => void;
  /** The keys' moves, from the step last asked for (the store's moveStep). */
  onMove: (to: (from: number) => number | undefined) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    // The rows start below the sticky headings, which also cover the top of the box.
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });
  useEffect(() => {
    if (step < rows.length) virtualizer.scrollToIndex(step, { align: 'center' });
  }, [step, rows.length, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const before = (items[0]?.start ?? HEADER_HEIGHT) - HEADER_HEIGHT;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const move = (event: KeyboardEvent) => {
    const to: ((from: number) => number) | null =
      event.key === 'ArrowDown'
        ? (from) => from + 1
        : event.key === 'ArrowUp'
          ? (from) => from - 1
          : event.key === 'Home'
            ? () => 0
            : event.key === 'End'
              ? () => rows.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    // The scrubber's keys must not move the step a second time.
    event.stopPropagation();
    onMove((from) => Math.max(0, Math.min(rows.length - 1, to(from))));
  };
  return (
    <div
      ref={scroller}
      className="per-step-diff"
      tabIndex={0}
      role="group"
      aria-label="A and B per step (arrow keys, Home and End move the step)"
      onKeyDown={move}
    >
      <table aria-label="A and B per step" aria-rowcount={rows.length + 2}>
        <thead>
          <tr>
            <td />
            {GROUPS.map((group, k) => (
              <th key={k} scope="colgroup" colSpan={group.span}>
                {group.label}
              </th>
            ))}
          </tr>
          <tr>
            <th scope="col">Step</th>
            {COLUMNS.map((column) => (
              <th key={column.group + column.label} scope="col" title={`${column.group}: ${column.label}`}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {before > 0 && (
            <tr aria-hidden="true" style={{ height: before }}>
              <td colSpan={COLUMNS.length + 1} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index]!;
            const current = row.step === step;
            return (
              <tr
                key={item.key}
                aria-rowindex={item.index + 3}
                aria-current={current ? 'step' : undefined}
                className={current ? 'current' : undefined}
                style={{ height: ROW_HEIGHT }}
              >
                <th scope="row">
                  <button
                    type="button"
                    className="link"
                    tabIndex={-1}
                    aria-label={`Go to step ${row.step + 1}`}
                    onClick={() => onStep(row.step)}
                  >
                    {row.step + 1}
                  </button>
                </th>
                {COLUMNS.map((column) => (
                  <td key={column.group + column.label} className={column.recorded ? 'recorded-cell' : undefined}>
                    {column.value(row)}
                  </td>
                ))}
              </tr>
            );
          })}
          {after > 0 && (
            <tr aria-hidden="true" style={{ height: after }}>
              <td colSpan={COLUMNS.length + 1} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
