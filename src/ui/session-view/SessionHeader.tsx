import { useId, useState } from 'react';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { downloadParts } from '../shared/download.ts';
import { formatBytes, formatCount } from '../shared/format.ts';

function Notes() {
  const notes = useAppState((s) => s.active?.record.notes ?? '');
  const sessionId = useAppState((s) => s.active?.record.id ?? '');
  // Keyed by session: another session's notes start a fresh draft.
  return <NotesEditor key={sessionId} saved={notes} />;
}

function NotesEditor({ saved }: { saved: string }) {
  const { setNotes } = useActions();
  const [draft, setDraft] = useState(saved);
  const id = useId();
  return (
    <details className="notes">
      <summary>Notes{saved ? ' ✎' : ''}</summary>
      <label htmlFor={id}>Notes on this session (exported with it)</label>
      <textarea id={id} rows={4} value={draft} onChange={(e) => setDraft(e.target.value)} onBlur={() => void setNotes(draft)} />
    </details>
  );
}

export function SessionHeader() {
  const record = useAppState((s) => s.active?.record ?? null);
  const shapeLabel = useAppState((s) => s.active?.opened.shapeLabel ?? '');
  const { exportSession } = useActions();
  if (!record) return null;
  const onExport = async () => {
    const file = await exportSession();
    if (file) downloadParts(file.fileName, file.parts);
  };
  return (
    <header className="session-header">
      <div>
        <h2 title={record.name}>{record.name}</h2>
        <p className="session-meta" title={`${shapeLabel} · ${formatCount(record.source.eventCount)} events · ${formatBytes(record.source.sizeBytes)}`}>
          {shapeLabel} · {formatCount(record.source.eventCount)} events · {formatBytes(record.source.sizeBytes)}
          {record.source.instance && ` · instance ${record.source.instance}`}
        </p>
      </div>
      <div className="session-header-actions">
        <button type="button" onClick={() => void onExport()}>
          Export reproduction file
        </button>
        <Notes />
      </div>
    </header>
  );
}
