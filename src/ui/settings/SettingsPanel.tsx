import { useId } from 'react';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { LiveRun } from '../llm-settings/LiveRun.tsx';
import { ConfigForm } from './ConfigForm.tsx';
import { TomlTools } from './TomlTools.tsx';

function ModeSwitch() {
  const mode = useAppState((s) => s.mode);
  const { setMode } = useActions();
  return (
    <fieldset className="mode-switch">
      <legend>Replay</legend>
      <label>
        <input type="radio" name="mode" checked={mode === 'recorded'} onChange={() => setMode('recorded')} /> As recorded
      </label>
      <label>
        <input type="radio" name="mode" checked={mode === 'resimulate'} onChange={() => setMode('resimulate')} /> Re-simulate
      </label>
    </fieldset>
  );
}

function AnswerSettings() {
  const answers = useAppState((s) => (s.active ? Object.keys(s.active.answers).length : 0));
  const logSummaries = useAppState((s) => s.active?.opened.recordedSummaries.length ?? 0);
  const onMissing = useAppState((s) => s.onMissing);
  const llm = useAppState((s) => s.summary?.llm ?? null);
  const { setOnMissing, recordLogSummaries } = useActions();
  const id = useId();
  return (
    <div className="answers">
      <p>
        LLM answers: {answers} recorded
        {llm && llm.calls > 0 && ` · this replay asked ${llm.calls}: ${llm.recorded} recorded, ${llm.placeholders} placeholders${llm.live ? `, ${llm.live} live` : ''}`}
      </p>
      <div className="setting">
        <label htmlFor={id}>When no answer is recorded</label>
        <select id={id} value={onMissing} onChange={(e) => setOnMissing(e.target.value === 'stop' ? 'stop' : 'placeholder')}>
          <option value="placeholder">Use a placeholder summary</option>
          <option value="stop">Stop the replay there</option>
        </select>
      </div>
      {logSummaries > 0 && (
        <button type="button" onClick={() => void recordLogSummaries()}>
          Use the log's {logSummaries} recorded summaries as answers
        </button>
      )}
      <LiveRun />
    </div>
  );
}

export function SettingsPanel() {
  const config = useAppState((s) => s.config);
  const configError = useAppState((s) => s.configError);
  const mode = useAppState((s) => s.mode);
  const running = useAppState((s) => s.running);
  const duration = useAppState((s) => s.summary?.durationMs ?? null);
  const { setConfig } = useActions();
  const record = typeof config === 'object' && config !== null ? (config as Record<string, unknown>) : { type: 'noop' };
  return (
    <section className="settings" aria-label="Condenser settings">
      <h3>Settings</h3>
      <ModeSwitch />
      <div className={mode === 'recorded' ? 'dimmed' : undefined}>
        {mode === 'recorded' && <p className="help">As recorded, no condenser runs: the views are those the agent actually got. These settings apply when re-simulating.</p>}
        <ConfigForm config={record} onChange={setConfig} />
        {configError && (
          <p className="error" role="alert">
            {configError}
          </p>
        )}
        <TomlTools />
        <AnswerSettings />
      </div>
      <p className="replay-status" role="status">
        {running ? 'Replaying…' : duration !== null ? `Replayed in ${duration.toFixed(0)} ms` : ''}
      </p>
    </section>
  );
}
