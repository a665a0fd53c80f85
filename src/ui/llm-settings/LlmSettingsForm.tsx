import { type FormEvent, useEffect, useId, useState } from 'react';
import type { LlmSettings } from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { LimitFields, type LimitTexts, limitsOf, limitTexts } from './LimitFields.tsx';
import './llmSettings.css';

const EMPTY: LlmSettings = {
  baseURL: 'https://api.openai.com/v1',
  model: 'gpt-4o-mini',
  apiKey: '',
  inputPrice: null,
  outputPrice: null,
};

function priceOf(text: string): number | null {
  const value = Number(text);
  return text.trim() === '' || !Number.isFinite(value) || value < 0 ? null : value;
}

/** The user's own OpenAI-compatible endpoint. The key stays in this browser and goes only to that endpoint. */
export function LlmSettingsForm({ onDone }: { onDone: () => void }) {
  const saved = useAppState((s) => s.llmSettings);
  const { saveLlmSettings, forgetKey, testLlmConnection, cancelLlmTest } = useActions();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [testing, setTesting] = useState(false);
  const initial = saved ?? EMPTY;
  const [baseURL, setBaseURL] = useState(initial.baseURL);
  const [model, setModel] = useState(initial.model);
  const [apiKey, setApiKey] = useState(initial.apiKey);
  const [inputPrice, setInputPrice] = useState(initial.inputPrice === null ? '' : String(initial.inputPrice));
  const [outputPrice, setOutputPrice] = useState(initial.outputPrice === null ? '' : String(initial.outputPrice));
  const [showKey, setShowKey] = useState(false);
  const [keyStorage, setKeyStorage] = useState(initial.keyStorage ?? 'browser');
  const [limits, setLimits] = useState<LimitTexts>(() => limitTexts(initial));
  const id = useId();
  // Closing the form ends a connection test under way.
  useEffect(() => cancelLlmTest, [cancelLlmTest]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = limitsOf(limits);
    if ('problem' in checked) {
      setStatus({ ok: false, text: `Not saved: ${checked.problem}` });
      return;
    }
    const saved = await saveLlmSettings({
      baseURL,
      model,
      apiKey,
      inputPrice: priceOf(inputPrice),
      outputPrice: priceOf(outputPrice),
      keyStorage,
      ...checked.limits,
    });
    const where =
      keyStorage === 'tab' && apiKey ? 'Saved; the key is kept for this tab only.' : 'Saved in this browser.';
    setStatus(
      saved
        ? { ok: true, text: where }
        : { ok: false, text: 'Not saved: this browser refused to store them (see the notice).' },
    );
  };

  const test = async () => {
    const checked = limitsOf(limits);
    if ('problem' in checked) {
      setStatus({ ok: false, text: checked.problem });
      return;
    }
    setTesting(true);
    setStatus({ ok: true, text: `Asking ${model}…` });
    setStatus(
      await testLlmConnection({ baseURL, model, apiKey, inputPrice: null, outputPrice: null, ...checked.limits }),
    );
    setTesting(false);
  };

  return (
    <form className="llm-settings" onSubmit={(e) => void onSubmit(e)} aria-label="LLM settings">
      <h3>LLM endpoint</h3>
      <p className="help">
        Any OpenAI-compatible endpoint: OpenAI, OpenRouter, a LiteLLM proxy or a local server. The key is kept only in
        this browser (or this tab) and sent only to this endpoint; it is never exported.
      </p>
      <label htmlFor={`${id}-url`}>Base URL</label>
      <input
        id={`${id}-url`}
        type="url"
        required
        value={baseURL}
        onChange={(e) => setBaseURL(e.target.value)}
        placeholder="https://api.openai.com/v1"
      />
      <label htmlFor={`${id}-model`}>Model</label>
      <input id={`${id}-model`} required value={model} onChange={(e) => setModel(e.target.value)} />
      <label htmlFor={`${id}-key`}>API key</label>
      <div className="key-row">
        <input
          id={`${id}-key`}
          type={showKey ? 'text' : 'password'}
          autoComplete="off"
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
        />
        <button type="button" onClick={() => setShowKey(!showKey)} aria-pressed={showKey}>
          {showKey ? 'Hide' : 'Show'}
        </button>
      </div>
      <fieldset className="key-storage">
        <legend className="visually-hidden">Where the key is kept</legend>
        <label>
          <input
            type="radio"
            name={`${id}-key-storage`}
            checked={keyStorage === 'browser'}
            onChange={() => setKeyStorage('browser')}
          />{' '}
          Remember in this browser (stored unencrypted in this site’s storage until you forget it)
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-key-storage`}
            checked={keyStorage === 'tab'}
            onChange={() => setKeyStorage('tab')}
          />{' '}
          Keep for this tab only (never stored; gone when the tab closes)
        </label>
      </fieldset>
      <label htmlFor={`${id}-in`}>Input price (USD per million tokens, optional)</label>
      <input id={`${id}-in`} inputMode="decimal" value={inputPrice} onChange={(e) => setInputPrice(e.target.value)} />
      <label htmlFor={`${id}-out`}>Output price (USD per million tokens, optional)</label>
      <input
        id={`${id}-out`}
        inputMode="decimal"
        value={outputPrice}
        onChange={(e) => setOutputPrice(e.target.value)}
      />
      <LimitFields value={limits} onChange={setLimits} />
      <div className="form-actions">
        <button type="submit">Save</button>
        {testing ? (
          <button type="button" onClick={cancelLlmTest}>
            Cancel test
          </button>
        ) : (
          <button type="button" disabled={!baseURL || !model} onClick={() => void test()}>
            Test connection
          </button>
        )}
        <button type="button" onClick={onDone}>
          Close
        </button>
        {saved?.apiKey ? (
          <button
            type="button"
            className="danger"
            onClick={async () => {
              await forgetKey();
              setApiKey('');
            }}
          >
            Forget key
          </button>
        ) : null}
      </div>
      {status && (
        <p className={status.ok ? 'form-status' : 'form-status error'} role="status">
          {status.text}
        </p>
      )}
    </form>
  );
}
