import { useId } from 'react';
import { CONDENSER_CHOICES, type IntField, settingsShape, sliderMax } from './schemaFields.ts';

type Config = Record<string, unknown> & { type?: unknown };

interface ConfigFormProps {
  readonly config: Config;
  readonly onChange: (config: Config) => void;
  /** Where in a pipeline this form sits ("", "step 2 of the pipeline"...), for labels. */
  readonly context?: string;
}

function IntSetting({ field, value, onChange, context }: { field: IntField; value: unknown; onChange: (value: number | undefined) => void; context: string }) {
  const id = useId();
  const current = typeof value === 'number' ? value : field.defaultValue;
  const withSlider = ['max_size', 'keep_first', 'attention_window', 'max_events'].includes(field.key);
  return (
    <div className="setting">
      <label htmlFor={id}>{field.key}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        step={1}
        min={field.minimum ?? undefined}
        value={typeof value === 'number' ? value : ''}
        placeholder={`${field.defaultValue} (default)`}
        aria-describedby={`${id}-help`}
        onChange={(e) => onChange(e.target.value === '' ? undefined : Math.trunc(Number(e.target.value)))}
      />
      {withSlider && (
        <input
          type="range"
          aria-label={`${field.key}${context} slider`}
          min={field.minimum ?? 0}
          max={sliderMax(field.key, current)}
          value={current}
          onChange={(e) => onChange(Number(e.target.value))}
        />
      )}
      <p id={`${id}-help`} className="help">
        {field.description}
      </p>
    </div>
  );
}

/** The settings of one condenser, drawn from its config schema; pipelines nest one form per child. */
export function ConfigForm({ config, onChange, context = '' }: ConfigFormProps) {
  const typeId = useId();
  const type = typeof config.type === 'string' ? config.type : 'noop';
  const shape = settingsShape(type);
  const choice = CONDENSER_CHOICES.find((c) => c.type === type);
  const children = shape.childrenKey && Array.isArray(config[shape.childrenKey]) ? (config[shape.childrenKey] as Config[]) : [];

  const set = (key: string, value: unknown) => {
    const next: Config = { ...config };
    if (value === undefined) delete next[key];
    else next[key] = value;
    onChange(next);
  };
  const setChildren = (next: Config[]) => set(shape.childrenKey!, next);

  return (
    <fieldset className="config-form">
      <legend className="visually-hidden">Condenser settings{context}</legend>
      <div className="setting">
        <label htmlFor={typeId}>Condenser type{context}</label>
        <select id={typeId} value={type} onChange={(e) => onChange({ type: e.target.value })}>
          {CONDENSER_CHOICES.map((c) => (
            <option key={c.type} value={c.type}>
              {c.type} ({c.label})
            </option>
          ))}
        </select>
        {choice && <p className="help">{choice.description}</p>}
      </div>
      {shape.ints.map((field) => (
        <IntSetting key={field.key} field={field} value={config[field.key]} context={context} onChange={(value) => set(field.key, value)} />
      ))}
      {'llm_config' in config && (
        <p className="help">
          llm_config = {JSON.stringify(config.llm_config)}: kept for copying back out; replays use this app's LLM settings.
        </p>
      )}
      {shape.childrenKey && (
        <ol className="pipeline">
          {children.map((child, i) => (
            <li key={i}>
              <ConfigForm
                config={child}
                context={` (pipeline step ${i + 1})`}
                onChange={(next) => setChildren(children.map((c, k) => (k === i ? next : c)))}
              />
              <div className="pipeline-actions">
                <button type="button" disabled={i === 0} onClick={() => setChildren(swap(children, i, i - 1))} aria-label={`Move pipeline step ${i + 1} up`}>
                  Up
                </button>
                <button type="button" disabled={i === children.length - 1} onClick={() => setChildren(swap(children, i, i + 1))} aria-label={`Move pipeline step ${i + 1} down`}>
                  Down
                </button>
                <button type="button" onClick={() => setChildren(children.filter((_, k) => k !== i))} aria-label={`Remove pipeline step ${i + 1}`}>
                  Remove
                </button>
              </div>
            </li>
          ))}
          <li>
            <AddStep onAdd={(childType) => setChildren([...children, { type: childType }])} />
          </li>
        </ol>
      )}
    </fieldset>
  );
}

function AddStep({ onAdd }: { onAdd: (type: string) => void }) {
  const id = useId();
  return (
    <div className="setting">
      <label htmlFor={id}>Add a condenser to the pipeline</label>
      <select
        id={id}
        value=""
        onChange={(e) => {
          if (e.target.value) onAdd(e.target.value);
        }}
      >
        <option value="">Choose…</option>
        {CONDENSER_CHOICES.filter((c) => c.type !== 'pipeline').map((c) => (
          <option key={c.type} value={c.type}>
            {c.type}
          </option>
        ))}
      </select>
    </div>
  );
}

function swap<T>(items: readonly T[], a: number, b: number): T[] {
  const copy = [...items];
  [copy[a], copy[b]] = [copy[b]!, copy[a]!];
  return copy;
}
