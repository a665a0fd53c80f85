import { type DragEvent, useCallback, useState } from 'react';
import { InstancePicker } from '../session-list/InstancePicker.tsx';
import { SessionLibrary } from '../session-list/SessionLibrary.tsx';
import { SweepView } from '../session-list/SweepView.tsx';
import { importPicked } from '../session-list/ImportControls.tsx';
import { readDropped } from '../session-list/readFiles.ts';
import { LlmSettingsForm } from '../llm-settings/LlmSettingsForm.tsx';
import { SessionView } from '../session-view/SessionView.tsx';
import { UnstoredAnswers } from '../kept-work/UnstoredAnswers.tsx';
import { useLeaveWarning } from '../kept-work/useLeaveWarning.ts';
import { ShortcutsHelp } from '../shortcuts/ShortcutsHelp.tsx';
import { useEscape } from '../shared/useEscape.ts';
import { NoticeBar } from './NoticeBar.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { useActions, useAppState } from './storeContext.tsx';
import { useHashSync } from './useHashSync.ts';
import { usePageKeys } from './usePageKeys.ts';
import './app.css';

export function App() {
  useHashSync();
  usePageKeys();
  useLeaveWarning();
  const { importLog, reportProblem } = useActions();
  // Below 1280 px the panes need the width more than the session list does.
  const [libraryOpen, setLibraryOpen] = useState(() => typeof window === 'undefined' || window.innerWidth >= 1280);
  const hasSession = useAppState((s) => s.active !== null);
  const opening = useAppState((s) => s.opening);
  const openingStatus = useAppState((s) => s.openingStatus);
  const [dragging, setDragging] = useState(false);
  const [llmOpen, setLlmOpen] = useState(false);
  const model = useAppState((s) => (s.llmSettings?.apiKey ? s.llmSettings.model : null));
  const closeLlm = useCallback(() => setLlmOpen(false), []);
  useEscape(llmOpen, closeLlm);

  const onDrop = async (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    await importPicked(readDropped(event.dataTransfer), { importLog, reportProblem });
  };

  return (
    <div
      className="app"
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) setDragging(false);
      }}
      onDrop={(e) => void onDrop(e)}
    >
      <a className="skip-link" href="#workspace">
        Skip to the session
      </a>
      <header className="app-header">
        <button
          type="button"
          className="library-toggle"
          aria-expanded={libraryOpen}
          aria-controls="session-library"
          onClick={() => setLibraryOpen(!libraryOpen)}
          title="Show or hide the sessions"
        >
          ☰<span className="visually-hidden"> Sessions</span>
        </button>
        <h1>Condenser Inspector</h1>
        <p className="tagline">What OpenHands' condensers showed the model, step by step</p>
        <button type="button" aria-expanded={llmOpen} onClick={() => setLlmOpen(!llmOpen)}>
          LLM settings{model ? ` (${model})` : ''}
        </button>
        <ThemeToggle />
        {llmOpen && (
          <div
            className="llm-panel"
            role="dialog"
            aria-label="LLM settings"
            // Esc inside it closes only it (a field's Esc too); elsewhere on the page, useEscape does.
            onKeyDown={(e) => {
              if (e.key !== 'Escape') return;
              e.preventDefault();
              closeLlm();
            }}
          >
            <LlmSettingsForm onDone={closeLlm} />
          </div>
        )}
      </header>
      <NoticeBar />
      <UnstoredAnswers />
      <div className={libraryOpen ? 'app-body' : 'app-body library-closed'}>
        {libraryOpen && <SessionLibrary />}
        <main className="workspace" id="workspace" tabIndex={-1}>
          {hasSession ? (
            <SessionView />
          ) : (
            <div className="empty-state">
              <h2>{opening ? 'Opening…' : 'No session open'}</h2>
              {opening && openingStatus && <p role="status">{openingStatus}…</p>}
              {!opening && (
                <p>
                  Import an OpenHands event log (a trajectory download, an eval JSONL, a folder of events), or drop it
                  here.
                </p>
              )}
            </div>
          )}
        </main>
      </div>
      <InstancePicker />
      <SweepView />
      <ShortcutsHelp />
      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          Drop an event log, a folder of events, an archive (zip, tar.gz) or a session file
        </div>
      )}
    </div>
  );
}
