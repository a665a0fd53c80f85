import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { filterRows, rowType } from '../../store/index.ts';
import type { EventRow } from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { formatCount } from '../shared/format.ts';
import { EventDetail } from './EventDetail.tsx';
import './eventTable.css';

interface TableRow extends EventRow {
  readonly tokens: number | null;
}

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, TableRow>();
const columns = helper.columns([
  // "#" is the event's id everywhere (as in `#12 run`); the row is its place in the log.
  helper.accessor('index', { header: 'row', cell: (info) => info.getValue() + 1 }),
  helper.accessor('id', { header: '#' }),
  helper.accessor((row) => `${row.kind === 'action' ? 'action' : 'obs.'} ${row.type}`, { id: 'type', header: 'type' }),
  helper.accessor('source', { header: 'source', cell: (info) => info.getValue() ?? '' }),
  helper.accessor('summary', { header: 'summary' }),
  helper.accessor('tokens', {
    header: 'tokens',
    cell: (info) => (info.getValue() === null ? '…' : formatCount(info.getValue()!)),
  }),
]);

function Filters({ rows }: { rows: readonly EventRow[] }) {
  const typeFilter = useAppState((s) => s.typeFilter);
  const sourceFilter = useAppState((s) => s.sourceFilter);
  const search = useAppState((s) => s.search);
  const { setTypeFilter, setSourceFilter, setSearch } = useActions();
  const [query, setQuery] = useState(search);
  const ids = { type: useId(), source: useId(), search: useId() };
  const types = useMemo(() => [...new Set(rows.map(rowType))].sort(), [rows]);
  const sources = useMemo(() => [...new Set(rows.map((r) => r.source ?? 'none'))].sort(), [rows]);

  useEffect(() => {
    const timer = setTimeout(() => void setSearch(query), 200);
    return () => clearTimeout(timer);
  }, [query, setSearch]);

  return (
    <div className="filters">
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
      <div className="setting grow">
        <label htmlFor={ids.search}>Search events</label>
        <input
          id={ids.search}
          type="search"
          value={query}
          placeholder="Text anywhere in the event's JSON"
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
    </div>
  );
}

/** Every event of the log: filterable, searchable, virtualized (tens of thousands of rows scroll smoothly). */
export function EventTable() {
  const rows = useAppState((s) => s.active?.opened.rows ?? null);
  const tokens = useAppState((s) => s.active?.tokens ?? null);
  const typeFilter = useAppState((s) => s.typeFilter);
  const sourceFilter = useAppState((s) => s.sourceFilter);
  const matches = useAppState((s) => s.searchMatches);
  const selected = useAppState((s) => s.selectedEvent);
  const { selectEvent } = useActions();
  const data = useMemo<TableRow[]>(() => {
    if (!rows) return [];
    return filterRows(rows, typeFilter, sourceFilter, matches).map((index) => ({
      ...rows[index]!,
      tokens: tokens ? (tokens[index] ?? 0) : null,
    }));
  }, [rows, tokens, typeFilter, sourceFilter, matches]);
  const table = useTable({ features, columns, data });
  const tableRows = table.getRowModel().rows;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 26,
    overscan: 16,
    initialRect: { width: 900, height: 500 },
  });
  if (!rows) return null;

  const position = data.findIndex((row) => row.index === selected);
  const move = (delta: number) => {
    const target = data[Math.max(0, Math.min(data.length - 1, (position < 0 ? -1 : position) + delta))];
    if (!target) return;
    void selectEvent(target.index);
    virtualizer.scrollToIndex(data.indexOf(target));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const deltas: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 20, PageUp: -20 };
    const delta = deltas[event.key];
    if (delta !== undefined) {
      event.preventDefault();
      move(delta);
    }
  };

  return (
    <section className="event-table" aria-label="Events">
      <Filters rows={rows} />
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
            {table.getHeaderGroups()[0]!.headers.map((header) => (
              <div role="columnheader" key={header.id} className={`cell col-${header.column.id}`}>
                <table.FlexRender header={header} />
              </div>
            ))}
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
                      <table.FlexRender cell={cell} />
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
