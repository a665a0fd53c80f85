import { useId } from 'react';
import { sdk } from '../../engine/index.ts';
import { configErrorPath, describeConfigError } from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { AgentSettings } from '../agent-settings/AgentSettings.tsx';
import { LiveRun } from '../llm-settings/LiveRun.tsx';
import { ConfigConflict } from './ConfigConflict.tsx';
import { ConfigForm } from './ConfigForm.tsx';
import { Presets } from './Presets.tsx';
import { TomlTools } from './TomlTools.tsx';
import { useConfigFamily } from './useConfigFamily.ts';
import './settings.css';

function SdkRulesSetting() {
  const flavor = useAppState((s) => s.active?.opened.flavor);
  const rules = useAppState((s) => s.active?.record.sdkRules ?? s.active?.opened.sdkRules ?? sdk.PINNED_SDK_RULES);
  const written = useAppState((s) => s.active?.opened.sdkRules);
  const { setSdkRules } = useActions();
  const id = useId();
  if (flavor !== 'sdk') return null;
  return (
    <div className="setting">
      <label htmlFor={id}>SDK rules</label>
      <select id={id} value={rules} onChange={(e) => void setSdkRules(e.target.value as sdk.SdkRules)}>
        {sdk.SDK_RULES.map((value) => (
          <option key={value} value={value}>
            {value === sdk.PINNED_SDK_RULES
              ? `${value} (openhands-sdk ${value})`
              : `${value} (the agent-sdk of September 2025)`}
            {value === written ? ', wrote this log' : ''}
          </option>
        ))}
      </select>
      <p className="help">
        Which SDK version's View and condenser rules the replay follows; their defaults and settings differ.
      </p>
    </div>
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
        {llm &&
          llm.calls > 0 &&
          ` · this replay asked ${llm.calls}: ${llm.recorded} recorded, ${llm.placeholders} placeholders${llm.live ? `, ${llm.live} live` : ''}`}
      </p>
      <div className="setting">
        <label htmlFor={id}>When no answer is recorded</label>
        <select
          id={id}
          value={onMissing}
          onChange={(e) => setOnMissing(e.target.value === 'stop' ? 'stop' : 'placeholder')}
        >
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
  const replayNotes = useAppState((s) => s.summary?.notes);
  const canUndo = useAppState((s) => s.configHistory.length > 0);
  const { setConfig, undoConfig } = useActions();
  const family = useConfigFamily();
  const record =
    typeof config === 'object' && config !== null
      ? (config as Record<string, unknown>)
      : { [family.key]: family.choices[0]!.value };
  return (
    <section className="settings" id="condenser-settings" aria-label="Condenser settings">
      <h3>Settings</h3>
      <ConfigConflict />
      {mode === 'recorded' && (
        <p className="help">
          As recorded, no condenser runs: the views are those the agent actually got. Switch to Re-simulate to change
          these settings.
        </p>
      )}
      <fieldset className={mode === 'recorded' ? 'dimmed plain' : 'plain'} disabled={mode === 'recorded'}>
        <legend className="visually-hidden">Condenser configuration</legend>
        <SdkRulesSetting />
        <Presets />
        {canUndo && (
          <button
            type="button"
            className="undo"
            onClick={undoConfig}
            title="Back to the settings before the last change"
          >
            Undo the last change
          </button>
        )}
        <ConfigForm config={record} onChange={setConfig} family={family} invalid={configErrorPath(configError)} />
        {configError && (
          <p className="error" role="alert">
            {describeConfigError(configError)}. The replay still shows the last valid settings.
          </p>
        )}
        {!configError &&
          mode === 'resimulate' &&
          replayNotes?.map((note) => (
            <p key={note} className="help" role="note">
              {note}
            </p>
          ))}
        <TomlTools />
        <AnswerSettings />
      </fieldset>
      <AgentSettings />
      <p className="replay-status" role="status">
        {running ? 'Replaying…' : duration !== null ? `Replayed in ${duration.toFixed(0)} ms` : ''}
      </p>
    </section>
  );
}
