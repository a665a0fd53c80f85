import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { alignStep, describeIds } from '../../store/index.ts';
import type { EventRow, AlignedRow } from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { EventLabel } from '../shared/EventLabel.tsx';
import { formatCount } from '../shared/format.ts';
import './sideBySide.css';
import './sideBySideKeys.css';

function Left({ row, rows }: { row: AlignedRow; rows: readonly EventRow[] }) {
  switch (row.kind) {
    case 'event':
    case 'repeat':
      return <EventLabel row={rows[row.index]!} />;
    case 'summary':
      return <span className="muted">(summary of forgotten events)</span>;
    case 'condensation':
      return row.condensation ? (
        <span className="condensation-mark">
          Condensation #{row.condensation.id} forgets{' '}
          {describeIds(row.condensation.forgottenEventIds, row.condensation.forgottenCount)}
        </span>
      ) : (
        <span className="condensation-mark">
          <EventLabel row={rows[row.index!]!} />
        </span>
      );
    case 'fold':
      return (
        <span className="fold-mark">
          {foldText(row, rows)} <span className="muted">(Enter or a click shows them)</span>
        </span>
      );
  }
}

/** "#7 to #1321: 1,190 forgotten, 14 condensations" (ids as the log writes them). */
function foldText(row: Extract<AlignedRow, { kind: 'fold' }>, rows: readonly EventRow[]): string {
  const counts = [
    `${formatCount(row.forgotten)} forgotten`,
    ...(row.condensations > 0
      ? [`${formatCount(row.condensations)} ${row.condensations === 1 ? 'condensation' : 'condensations'}`]
      : []),
  ];
  return `#${String(rows[row.from]?.id)} to #${String(rows[row.to]?.id)}: ${counts.join(', ')}`;
}

function Right({ row, rows }: { row: AlignedRow; rows: readonly EventRow[] }) {
  switch (row.kind) {
    case 'event':
      if (row.status === 'forgotten') return <span className="muted">forgotten</span>;
      if (row.status === 'masked') return <span className="placeholder">{row.placeholder}</span>;
      return <EventLabel row={rows[row.index]!} />;
    case 'repeat':
      return (
        <span>
          again: <EventLabel row={rows[row.index]!} />
        </span>
      );
    case 'summary':
      return <span className={row.masked ? 'placeholder' : 'summary-text'}>{row.content}</span>;
    case 'fold':
      return <span className="muted">forgotten</span>;
    case 'condensation':
      return null;
  }
}

function rowKey(row: AlignedRow | undefined, index: number, step: number, mode: string): string {
  if (!row) return `${index}`;
  const what =
    row.kind === 'event'
      ? `${row.index}:${row.status}`
      : row.kind === 'repeat'
        ? `r${row.index}`
        : row.kind === 'summary'
          ? `s${step}`
          : row.kind === 'fold'
            ? `f${row.from}`
            : `c${row.index ?? index}`;
  return `${mode}:${what}`;
}

const NONE_OPENED: ReadonlySet<number> = new Set();

function statusOf(row: AlignedRow): string {
  return row.kind === 'event' ? row.status : row.kind;
}

/** The history up to the step beside the view the agent got, aligned by event id. */
export function SideBySide() {
  const rows = useAppState((s) => s.active?.opened.rows ?? null);
  const summary = useAppState((s) => s.summary);
  const stepView = useAppState((s) => s.stepView);
  const step = stepView?.step ?? 0;
  const view = stepView?.items ?? null;
  const mode = useAppState((s) => s.mode);
  const { selectEvent, focusEvent } = useActions();
  // The folds opened (by their first row), for this log.
  const [opened, setOpened] = useState<{ rows: readonly EventRow[] | null; from: ReadonlySet<number> }>({
    rows,
    from: new Set(),
  });
  const openedFrom = opened.rows === rows ? opened.from : NONE_OPENED;
  const aligned = useMemo(
    () => (rows && summary && view ? alignStep(rows, summary, step, view, mode, openedFrom) : []),
    [rows, summary, step, view, mode, openedFrom],
  );
  const open = (row: AlignedRow | undefined) => {
    if (row?.kind !== 'fold') return false;
    setOpened({ rows, from: new Set([...openedFrom, row.from]) });
    return true;
  };
  const scroller = useRef<HTMLDivElement>(null);
  const rowIds = useId();
  // The row the keyboard is on (the grid keeps focus; aria-activedescendant names the row).
  const [active, setActive] = useState(-1);
  const virtualizer = useVirtualizer({
    count: aligned.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 28,
    overscan: 12,
    initialRect: { width: 900, height: 600 },
    // Sizes are remembered per row, not per position: another step, mode or log brings other rows,
    // and sizes measured for the old ones left gaps over the first rows until a scroll.
    getItemKey: (index) => rowKey(aligned[index], index, step, mode),
  });

  if (!rows || !summary || !view) {
    return (
      <p className="empty">
        {summary?.steps.length === 0
          ? 'The agent made no LLM call in this log, so there are no steps to show.'
          : 'Replaying…'}
      </p>
    );
  }
  const counts = { kept: 0, masked: 0, forgotten: 0 };
  for (const row of aligned) {
    if (row.kind === 'event') counts[row.status]++;
    else if (row.kind === 'fold') counts.forgotten += row.forgotten;
  }

  const pick = (index: number) => {
    void selectEvent(index);
    focusEvent(rows[index]?.id ?? null);
  };
  const eventOf = (row: AlignedRow | undefined) =>
    row && (row.kind === 'event' || row.kind === 'repeat') ? row.index : null;
  const onKeyDown = (event: KeyboardEvent) => {
    const last = aligned.length - 1;
    const at = Math.min(active, last);
    const targets: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowUp: at < 0 ? 0 : at - 1,
      PageDown: at + 20,
      PageUp: at - 20,
      Home: 0,
      End: last,
    };
    if (event.key === 'Enter' || event.key === ' ') {
      if (open(aligned[at])) {
        event.preventDefault();
        return;
      }
      const index = eventOf(aligned[at]);
      if (index === null) return;
      event.preventDefault();
      pick(index);
      return;
    }
    if (!(event.key in targets) || last < 0) return;
    // The grid's keys move its row; the page's (which move the step) wait until focus leaves it.
    event.preventDefault();
    const target = Math.max(0, Math.min(last, targets[event.key]!));
    setActive(target);
    virtualizer.scrollToIndex(target);
  };
  return (
    <section className="side-by-side" aria-label="Side by side">
      <p className="side-by-side-facts">
        {formatCount(counts.kept)} kept · {formatCount(counts.masked)} masked · {formatCount(counts.forgotten)}{' '}
        forgotten · the agent saw {formatCount(view.length)} {view.length === 1 ? 'item' : 'items'}
      </p>
      <div className="sbs-header" role="presentation">
        <span>Full history up to this step</span>
        <span>Condensed view</span>
      </div>
      <div
        ref={scroller}
        className="sbs-scroll"
        role="grid"
        aria-label="History and condensed view"
        aria-rowcount={aligned.length}
        tabIndex={0}
        aria-activedescendant={active >= 0 && active < aligned.length ? `${rowIds}-${active}` : undefined}
        onKeyDown={onKeyDown}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }} role="rowgroup">
          {virtualizer.getVirtualItems().map((item) => {
            const row = aligned[item.index]!;
            const index = eventOf(row);
            return (
              <div
                key={item.key}
                id={`${rowIds}-${item.index}`}
                role="row"
                aria-rowindex={item.index + 1}
                data-index={item.index}
                data-status={statusOf(row)}
                ref={virtualizer.measureElement}
                className={`sbs-row ${statusOf(row)}${item.index === active ? ' active' : ''}`}
                aria-selected={item.index === active}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  transform: `translateY(${item.start}px)`,
                }}
                onClick={row.kind === 'fold' ? () => open(row) : index === null ? undefined : () => pick(index)}
              >
                <div role="gridcell" className="sbs-left">
                  <Left row={row} rows={rows} />
                </div>
                <div role="gridcell" className="sbs-right">
                  <Right row={row} rows={rows} />
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
