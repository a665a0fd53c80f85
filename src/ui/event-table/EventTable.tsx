import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { filterRows, rowType } from '../../store/index.ts';
import type { EventRow } from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { Highlighted } from '../search/Highlighted.tsx';
import { SearchBox } from '../search/SearchBox.tsx';
import { stepHit } from '../search/hits.ts';
import { formatCount } from '../shared/format.ts';
import { EventDetail } from './EventDetail.tsx';
import { SHOW_LABELS, type ShowFilter, type StatusAt, type StepStatus, keeps, statusAtStep } from './stepStatus.ts';
import './eventTable.css';

interface TableRow extends EventRow {
  readonly tokens: number | null;
  readonly status: StepStatus | null;
}

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
});
const helper = createColumnHelper<typeof features, TableRow>();
// "#" is the event's id everywhere (as in `#12 run`); the row is its place in the log (1-based).
const columns = helper.columns([
  helper.accessor('index', { header: 'row', cell: (info) => info.getValue() + 1, sortFn: 'basic' }),
  helper.accessor('id', { header: '#', sortFn: 'alphanumeric' }),
  helper.accessor((row) => `${row.kind === 'action' ? 'action' : 'obs.'} ${row.type}`, {
    id: 'type',
    header: 'type',
    sortFn: 'alphanumeric',
  }),
  helper.accessor((row) => row.source ?? '', { id: 'source', header: 'source', sortFn: 'alphanumeric' }),
  helper.accessor((row) => row.status ?? '', { id: 'status', header: 'at this step', sortFn: 'alphanumeric' }),
  helper.accessor('summary', { header: 'summary', sortFn: 'alphanumeric' }),
  helper.accessor('tokens', {
    header: 'tokens',
    sortFn: 'basic',
    sortUndefined: 'last',
    cell: (info) => (info.getValue() === null ? '…' : formatCount(info.getValue()!)),
  }),
]);

function Filters({
  rows,
  show,
  onShow,
}: {
  rows: readonly EventRow[];
  show: ShowFilter;
  onShow: (f: ShowFilter) => void;
}) {
  const typeFilter = useAppState((s) => s.typeFilter);
  const sourceFilter = useAppState((s) => s.sourceFilter);
  const { setTypeFilter, setSourceFilter } = useActions();
  const ids = { type: useId(), source: useId(), show: useId() };
  const types = useMemo(() => [...new Set(rows.map(rowType))].sort(), [rows]);
  const sources = useMemo(() => [...new Set(rows.map((r) => r.source ?? 'none'))].sort(), [rows]);
  return (
    <>
      <div className="setting">
        <label htmlFor={ids.type}>Type</label>
        <select
          id={ids.type}
          value={typeFilter[0] ?? ''}
          onChange={(e) => setTypeFilter(e.target.value ? [e.target.value] : [])}
        >
          <option value="">All types</option>
          {types.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      <div className="setting">
        <label htmlFor={ids.source}>Source</label>
        <select
          id={ids.source}
          value={sourceFilter[0] ?? ''}
          onChange={(e) => setSourceFilter(e.target.value ? [e.target.value] : [])}
        >
          <option value="">All sources</option>
          {sources.map((source) => (
            <option key={source} value={source}>
              {source}
            </option>
          ))}
        </select>
      </div>
      <div className="setting">
        <label htmlFor={ids.show}>Show</label>
        <select id={ids.show} value={show} onChange={(e) => onShow(e.target.value as ShowFilter)}>
          {(Object.keys(SHOW_LABELS) as ShowFilter[]).map((key) => (
            <option key={key} value={key}>
              {SHOW_LABELS[key]}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

const SORT_NAMES = { asc: 'ascending', desc: 'descending' } as const;

/** Every event of the log: filterable, sortable, searchable, virtualized (tens of thousands of rows scroll smoothly). */
export function EventTable() {
  const rows = useAppState((s) => s.active?.opened.rows ?? null);
  const tokens = useAppState((s) => s.active?.tokens ?? null);
  const typeFilter = useAppState((s) => s.typeFilter);
  const sourceFilter = useAppState((s) => s.sourceFilter);
  const search = useAppState((s) => s.search);
  const matches = useAppState((s) => s.searchMatches);
  const selected = useAppState((s) => s.selectedEvent);
  const summary = useAppState((s) => s.summary);
  const stepView = useAppState((s) => s.stepView);
  const mode = useAppState((s) => s.mode);
  const { selectEvent } = useActions();
  const [show, setShow] = useState<ShowFilter>('all');
  const [sorting, setSorting] = useState<SortingState>([]);
  const statusAt = useMemo<StatusAt>(
    () => (rows && stepView ? statusAtStep(rows, summary, stepView.step, stepView.items, mode) : () => undefined),
    [rows, summary, stepView, mode],
  );
  // A step change moves the status column only: the rows (an object each, the table's row model)
  // are built again for it only where the status decides them, the Show filter or a sort by it. At
  // a gigabyte that is 600,000 rows a step.
  const statusDecides =
    show === 'in view' || show === 'forgotten' || show === 'masked' || sorting.some((sort) => sort.id === 'status');
  const rowStatusAt = statusDecides ? statusAt : null;
  const data = useMemo<TableRow[]>(() => {
    if (!rows) return [];
    return filterRows(rows, typeFilter, sourceFilter, search.trim() ? matches : null).flatMap((index) => {
      const row = rows[index]!;
      const status = rowStatusAt?.(index) ?? null;
      return keeps(show, row, status ?? undefined)
        ? [{ ...row, status, tokens: tokens ? (tokens[index] ?? 0) : null }]
        : [];
    });
  }, [rows, tokens, typeFilter, sourceFilter, search, matches, rowStatusAt, show]);
  // A first click sorts ascending, whatever the column holds.
  const table = useTable({
    features,
    columns,
    data,
    sortDescFirst: false,
    state: { sorting },
    onSortingChange: setSorting,
  });
  const tableRows = table.getRowModel().rows;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 26,
    overscan: 16,
    initialRect: { width: 900, height: 500 },
  });
  const position = tableRows.findIndex((row) => row.original.index === selected);
  const goTo = (at: number) => {
    const target = tableRows[at];
    if (!target) return;
    void selectEvent(target.original.index);
    virtualizer.scrollToIndex(at);
  };
  // Enter with a query just typed: its first hit is shown once the search has answered.
  const pendingHit = useRef<1 | -1 | null>(null);
  useEffect(() => {
    const delta = pendingHit.current;
    if (delta === null || !search.trim()) return;
    pendingHit.current = null;
    goTo(stepHit(-1, tableRows.length, delta));
    // Only new matches answer a pending hit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [matches]);
  if (!rows) return null;

  const searching = search.trim() !== '' && matches !== null;
  const onSearchStep = (delta: 1 | -1, fresh: boolean) => {
    if (fresh) pendingHit.current = delta;
    else goTo(stepHit(position, tableRows.length, delta));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const last = tableRows.length - 1;
    const targets: Record<string, number> = {
      ArrowDown: position + 1,
      ArrowUp: position < 0 ? 0 : position - 1,
      PageDown: position + 20,
      PageUp: position - 20,
      Home: 0,
      End: last,
    };
    if (!(event.key in targets)) return;
    // The grid's keys move its row; the page's (which move the step) wait until focus leaves it.
    event.preventDefault();
    goTo(Math.max(0, Math.min(last, targets[event.key]!)));
  };

  return (
    <section className="event-table" aria-label="Events">
      <div className="filters">
        <Filters rows={rows} show={show} onShow={setShow} />
        <SearchBox
          label="Search events"
          placeholder="Text anywhere in the event's JSON"
          position={searching ? position : -1}
          count={searching ? tableRows.length : null}
          onStep={onSearchStep}
        />
      </div>
      <p className="count" role="status">
        Showing {formatCount(data.length)} of {formatCount(rows.length)} events
      </p>
      <div className="table-and-detail">
        <div
          ref={scroller}
          className="table-scroll"
          role="grid"
          aria-label="Event log"
          aria-rowcount={data.length + 1}
          tabIndex={0}
          onKeyDown={onKeyDown}
        >
          <div role="row" className="table-row header" aria-rowindex={1}>
            {table.getHeaderGroups()[0]!.headers.map((header) => {
              const sorted = header.column.getIsSorted();
              return (
                <div
                  role="columnheader"
                  key={header.id}
                  className={`cell col-${header.column.id}`}
                  aria-sort={sorted ? SORT_NAMES[sorted] : 'none'}
                >
                  <button
                    type="button"
                    className="sort-button"
                    onClick={header.column.getToggleSortingHandler()}
                    title="Sort by this column (again: the other way, then unsorted)"
                  >
                    <table.FlexRender header={header} />
                    <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                  </button>
                </div>
              );
            })}
          </div>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = tableRows[item.index]!;
              const isSelected = row.original.index === selected;
              return (
                <div
                  key={row.id}
                  role="row"
                  aria-rowindex={item.index + 2}
                  aria-selected={isSelected}
                  className={`table-row${isSelected ? ' selected' : ''}${row.original.kind === 'action' ? ' action' : ''}`}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    width: '100%',
                    height: item.size,
                    transform: `translateY(${item.start}px)`,
                  }}
                  onClick={() => void selectEvent(row.original.index)}
                >
                  {row.getAllCells().map((cell) => (
                    <div role="gridcell" key={cell.id} className={`cell col-${cell.column.id}`}>
                      {cell.column.id === 'summary' ? (
                        <Highlighted text={row.original.summary} query={search} />
                      ) : cell.column.id === 'status' ? (
                        (statusAt(row.original.index) ?? '')
                      ) : (
                        <table.FlexRender cell={cell} />
                      )}
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
        </div>
        <EventDetail />
      </div>
    </section>
  );
}
