import { type FormEvent, useId, useState } from 'react';
import type { LlmSettings } from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';

const EMPTY: LlmSettings = { baseURL: 'https://api.openai.com/v1', model: 'gpt-4o-mini', apiKey: '', inputPrice: null, outputPrice: null };

function priceOf(text: string): number | null {
  const value = Number(text);
  return text.trim() === '' || !Number.isFinite(value) || value < 0 ? null : value;
}

/** The user's own OpenAI-compatible endpoint. The key stays in this browser and goes only to that endpoint. */
export function LlmSettingsForm({ onDone }: { onDone: () => void }) {
  const saved = useAppState((s) => s.llmSettings);
  const { saveLlmSettings, forgetKey, testLlmConnection } = useActions();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [testing, setTesting] = useState(false);
  const initial = saved ?? EMPTY;
  const [baseURL, setBaseURL] = useState(initial.baseURL);
  const [model, setModel] = useState(initial.model);
  const [apiKey, setApiKey] = useState(initial.apiKey);
  const [inputPrice, setInputPrice] = useState(initial.inputPrice === null ? '' : String(initial.inputPrice));
  const [outputPrice, setOutputPrice] = useState(initial.outputPrice === null ? '' : String(initial.outputPrice));
  const [showKey, setShowKey] = useState(false);
  const id = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await saveLlmSettings({ baseURL, model, apiKey, inputPrice: priceOf(inputPrice), outputPrice: priceOf(outputPrice) });
    setStatus(saved ? { ok: true, text: 'Saved in this browser.' } : { ok: false, text: 'Not saved: this browser refused to store them (see the notice).' });
  };

  const test = async () => {
    setTesting(true);
    setStatus({ ok: true, text: `Asking ${model}…` });
    setStatus(await testLlmConnection({ baseURL, model, apiKey, inputPrice: null, outputPrice: null }));
    setTesting(false);
  };

  return (
    <form className="llm-settings" onSubmit={(e) => void onSubmit(e)} aria-label="LLM settings">
      <h3>LLM endpoint</h3>
      <p className="help">
        Any OpenAI-compatible endpoint: OpenAI, OpenRouter, a LiteLLM proxy or a local server. The key is stored only in this browser and sent only to
        this endpoint; it is never exported.
      </p>
      <label htmlFor={`${id}-url`}>Base URL</label>
      <input id={`${id}-url`} type="url" required value={baseURL} onChange={(e) => setBaseURL(e.target.value)} placeholder="https://api.openai.com/v1" />
      <label htmlFor={`${id}-model`}>Model</label>
      <input id={`${id}-model`} required value={model} onChange={(e) => setModel(e.target.value)} />
      <label htmlFor={`${id}-key`}>API key</label>
      <div className="key-row">
        <input id={`${id}-key`} type={showKey ? 'text' : 'password'} autoComplete="off" value={apiKey} onChange={(e) => setApiKey(e.target.value)} />
        <button type="button" onClick={() => setShowKey(!showKey)} aria-pressed={showKey}>
          {showKey ? 'Hide' : 'Show'}
        </button>
      </div>
      <label htmlFor={`${id}-in`}>Input price (USD per million tokens, optional)</label>
      <input id={`${id}-in`} inputMode="decimal" value={inputPrice} onChange={(e) => setInputPrice(e.target.value)} />
      <label htmlFor={`${id}-out`}>Output price (USD per million tokens, optional)</label>
      <input id={`${id}-out`} inputMode="decimal" value={outputPrice} onChange={(e) => setOutputPrice(e.target.value)} />
      <div className="form-actions">
        <button type="submit">Save</button>
        <button type="button" disabled={testing || !baseURL || !model} onClick={() => void test()}>
          Test connection
        </button>
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
