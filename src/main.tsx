import './security/zodWithoutEval.ts';
// The tokens and the base rules first: every component's own sheet comes after them.
import './ui/app/tokens.css';
import './ui/app/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import sampleSessionUrl from '../sample-sessions/oh-utils-185.session.json?url';
import { FRAMED_TEXT, isFramed } from './security/frameGuard.ts';
import { InspectorDb, SessionStore, SettingsStore, broadcastSessionChanges } from './storage/index.ts';
import { createAppStore } from './store/index.ts';
import { App } from './ui/app/App.tsx';
import { StoreProvider } from './ui/app/storeContext.tsx';
import { createEngineClient } from './worker/index.ts';

const root = document.getElementById('root')!;
if (isFramed(window)) root.textContent = FRAMED_TEXT;
else start();

function start() {
  // The composition root: the only place that knows which storage, engine and sample the app uses.
  const db = new InspectorDb();
  const store = createAppStore({
    sessions: new SessionStore(db),
    settings: new SettingsStore(db),
    engine: createEngineClient(),
    changes: broadcastSessionChanges(),
    loadSample: async () => {
      const response = await fetch(sampleSessionUrl);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.text();
    },
  });

  createRoot(root).render(
    <StrictMode>
      <StoreProvider store={store}>
        <App />
      </StoreProvider>
    </StrictMode>,
  );
}
