import { useId, useState } from 'react';
import { CONDENSER_PRESETS, SERVER_DEFAULT_MAX_SIZE } from '../../engine/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import './settings.css';

/** OpenHands' configurations that matter, one click each, with where each comes from. */
export function Presets() {
  const flavor = useAppState((s) => s.active?.opened.flavor ?? null);
  const contextWindow = useAppState((s) => s.active?.opened.agentMaxInputTokens ?? null);
  const { applyPreset } = useActions();
  const [maxSize, setMaxSize] = useState(String(SERVER_DEFAULT_MAX_SIZE));
  const maxSizeId = useId();
  if (!flavor) return null;
  const presets = CONDENSER_PRESETS.filter((preset) => preset.flavor === flavor);
  const condenserMaxSize = Number.parseInt(maxSize, 10);
  return (
    <details className="presets">
      <summary>Presets: OpenHands’ configurations</summary>
      <ul>
        {presets.map((preset) => (
          <li key={preset.id}>
            <button
              type="button"
              onClick={() =>
                void applyPreset(preset.id, {
                  condenserMaxSize: Number.isFinite(condenserMaxSize) && condenserMaxSize > 0 ? condenserMaxSize : null,
                })
              }
            >
              {preset.label}
            </button>
            {preset.id === 'v0-server-default' && (
              <span className="setting inline">
                <label htmlFor={maxSizeId}>condenser_max_size</label>
                <input
                  id={maxSizeId}
                  type="number"
                  min={1}
                  value={maxSize}
                  onChange={(e) => setMaxSize(e.target.value)}
                />
              </span>
            )}
            <p className="help">{preset.description}</p>
            {preset.id === 'sdk-settings-default' && (
              <p className="help">
                {contextWindow
                  ? `This log’s model window: ${contextWindow.toLocaleString('en')} tokens.`
                  : 'This log records no model window (no base_state.json): max_tokens is left unset.'}
              </p>
            )}
            <p className="help source">Source: {preset.source}</p>
          </li>
        ))}
      </ul>
    </details>
  );
}
