import { useActions, useAppState } from '../app/storeContext.tsx';
import { NotesEditor } from './NotesEditor.tsx';
import { downloadParts } from '../shared/download.ts';
import { formatBytes, formatCount } from '../shared/format.ts';
import './sessionView.css';

function Notes() {
  const notes = useAppState((s) => s.active?.record.notes ?? '');
  const revision = useAppState((s) => s.active?.record.revisions?.notes ?? 0);
  const sessionId = useAppState((s) => s.active?.record.id ?? '');
  // Keyed by session: another session's notes start a fresh draft.
  return <NotesEditor key={sessionId} saved={notes} revision={revision} />;
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
        <p
          className="session-meta"
          title={`${shapeLabel} · ${formatCount(record.source.eventCount)} events · ${formatBytes(record.source.sizeBytes)}`}
        >
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
