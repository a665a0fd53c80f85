import { type FormEvent, useId, useState } from 'react';
import type { ModelPrices as Prices } from '../../engine/index.ts';
import { pricesFor, sessionPrices } from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import './agentSettings.css';

const FIELDS: ReadonlyArray<readonly [keyof Prices, string]> = [
  ['input', 'Input'],
  ['cacheRead', 'Cache read'],
  ['cacheWrite', 'Cache write'],
  ['output', 'Output'],
];

/** Prices for the log's model, in dollars per million tokens: a preset, or the user's own. */
export function ModelPrices() {
  const model = useAppState((s) => s.usage?.model ?? s.active?.opened.agentModel ?? null);
  const overrides = useAppState(sessionPrices);
  const { setModelPrices } = useActions();
  const resolved = pricesFor(model, overrides);
  const [draft, setDraft] = useState<Record<string, string> | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const baseId = useId();
  if (!model) return <p className="help">The log records no model name, so no prices apply.</p>;
  const values =
    draft ?? Object.fromEntries(FIELDS.map(([key]) => [key, resolved ? String(resolved.prices[key]) : '']));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = FIELDS.map(([key]) => [key, Number(values[key])] as const);
    const bad = parsed.find(([, value]) => !Number.isFinite(value) || value < 0);
    if (bad) {
      setStatus(`${FIELDS.find(([key]) => key === bad[0])![1]}: enter a price of zero or more.`);
      return;
    }
    await setModelPrices(model, Object.fromEntries(parsed) as unknown as Prices);
    setDraft(null);
    setStatus('Saved: costs now use these prices.');
  };
  return (
    <form
      className="model-prices"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={`Prices for ${model}`}
    >
      <p className="help">
        Prices for <strong title={model}>{model}</strong>, $ per million tokens:{' '}
        {resolved
          ? resolved.userSet
            ? 'your own'
            : `${resolved.preset!.label} preset (${resolved.preset!.source})`
          : 'no preset: enter them to see costs'}
        . They are kept with this session and travel in its reproduction file; new sessions start from the last ones you
        saved.
      </p>
      <div className="price-fields">
        {FIELDS.map(([key, label]) => (
          <label key={key} htmlFor={`${baseId}-${key}`}>
            {label}
            <input
              id={`${baseId}-${key}`}
              type="number"
              min="0"
              step="any"
              value={values[key]}
              onChange={(event) => setDraft({ ...values, [key]: event.target.value })}
            />
          </label>
        ))}
      </div>
      <button type="submit" disabled={draft === null}>
        Save prices
      </button>
      {resolved?.userSet && (
        <button
          type="button"
          onClick={() => {
            setDraft(null);
            setStatus('Back to the preset.');
            void setModelPrices(model, null);
          }}
        >
          Use the preset
        </button>
      )}
      {status && <p role="status">{status}</p>}
    </form>
  );
}
