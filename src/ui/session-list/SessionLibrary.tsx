import { useState } from 'react';
import type { SessionRecord } from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { formatBytes, formatCount, formatDate } from '../shared/format.ts';
import { ImportControls } from './ImportControls.tsx';
import './sessionList.css';

function SessionItem({ session, active }: { session: SessionRecord; active: boolean }) {
  const { openSession, renameSession, deleteSession } = useActions();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(session.name);
  const [confirming, setConfirming] = useState(false);

  const commit = async () => {
    setRenaming(false);
    if (name.trim() && name !== session.name) await renameSession(session.id, name);
    else setName(session.name);
  };

  return (
    <li className={active ? 'session active' : 'session'} aria-current={active ? 'true' : undefined}>
      {renaming ? (
        <input
          aria-label={`New name for ${session.name}`}
          value={name}
          autoFocus
          onChange={(e) => setName(e.target.value)}
          onBlur={() => void commit()}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void commit();
            if (e.key === 'Escape') {
              setName(session.name);
              setRenaming(false);
            }
          }}
        />
      ) : (
        <button type="button" className="session-open" onClick={() => void openSession(session.id)}>
          <span className="session-name" title={session.name}>
            {session.name}
          </span>
          <span className="session-meta">
            {formatCount(session.source.eventCount)} events · {formatBytes(session.source.sizeBytes)} ·{' '}
            {formatDate(session.updatedAt)}
          </span>
        </button>
      )}
      <div className="session-actions">
        <button type="button" onClick={() => setRenaming(true)} aria-label={`Rename ${session.name}`}>
          Rename
        </button>
        {confirming ? (
          <>
            <button
              type="button"
              className="danger"
              onClick={() => void deleteSession(session.id)}
              aria-label={`Confirm deleting ${session.name}`}
            >
              Delete for good
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </>
        ) : (
          <button type="button" onClick={() => setConfirming(true)} aria-label={`Delete ${session.name}`}>
            Delete
          </button>
        )}
      </div>
    </li>
  );
}

export function SessionLibrary() {
  const sessions = useAppState((s) => s.sessions);
  const activeId = useAppState((s) => s.active?.record.id ?? null);
  return (
    <nav className="library" id="session-library" aria-label="Sessions">
      <h2>Sessions</h2>
      <ImportControls />
      {sessions.length === 0 ? (
        <p className="empty">No sessions yet. Import an OpenHands event log, or drop one anywhere on the page.</p>
      ) : (
        <ul className="session-list">
          {sessions.map((session) => (
            <SessionItem key={session.id} session={session} active={session.id === activeId} />
          ))}
        </ul>
      )}
    </nav>
  );
}
