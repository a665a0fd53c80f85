import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useActions, useAppState } from '../app/storeContext.tsx';
import './search.css';

interface Props {
  readonly label: string;
  readonly placeholder: string;
  /** The hit shown now (0-based), or -1; and how many there are (null: not searched). */
  readonly position: number;
  readonly count: number | null;
  /** Moves to the next or previous hit; `fresh` when the query just changed (its hits are not in yet). */
  readonly onStep: (delta: 1 | -1, fresh: boolean) => void;
}

/**
 * The one search query of the session (events, messages and summaries all look for it), typed here:
 * Enter moves to the next hit, Shift+Enter to the previous one.
 */
export function SearchBox({ label, placeholder, position, count, onStep }: Props) {
  const search = useAppState((s) => s.search);
  const { setSearch } = useActions();
  const [query, setQuery] = useState(search);
  const [shown, setShown] = useState(search);
  const id = useId();
  // Another search box changed the query: show it here too.
  if (search !== shown) {
    setShown(search);
    setQuery(search);
  }
  useEffect(() => {
    if (query === search) return;
    const timer = setTimeout(() => void setSearch(query), 200);
    return () => clearTimeout(timer);
  }, [query, search, setSearch]);

  const step = (delta: 1 | -1) => {
    const fresh = query !== search;
    if (fresh) void setSearch(query);
    onStep(delta, fresh);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    step(event.shiftKey ? -1 : 1);
  };
  const searched = search.trim() !== '' && count !== null;
  return (
    <div className="search-box setting grow">
      <label htmlFor={id}>{label}</label>
      <div className="search-row">
        <input
          id={id}
          type="search"
          value={query}
          placeholder={placeholder}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <span className="search-count" role="status">
          {searched ? (count === 0 ? 'no hits' : `${position < 0 ? '–' : position + 1} of ${count}`) : ''}
        </span>
        <button type="button" aria-label="Previous hit" disabled={!count} onClick={() => step(-1)}>
          ↑
        </button>
        <button type="button" aria-label="Next hit" disabled={!count} onClick={() => step(1)}>
          ↓
        </button>
      </div>
    </div>
  );
}
