import { useId, useRef } from 'react';
import { type ConfigFamily, type NumberField, V0_FAMILY, sliderMax } from './schemaFields.ts';
import './settings.css';

type Config = Record<string, unknown>;

interface ConfigFormProps {
  readonly config: Config;
  readonly onChange: (config: Config) => void;
  /** Where in a pipeline this form sits ("", "step 2 of the pipeline"...), for labels. */
  readonly context?: string;
  /** OpenHands' `[condenser]` tables (the default) or the Agent SDK's condenser objects. */
  readonly family?: ConfigFamily;
  /** The field the replay refused, as a path from this form (`['condensers', 2, 'max_size']`), and why. */
  readonly invalid?: { readonly path: readonly (string | number)[]; readonly detail: string } | null;
}

function NumberSetting({
  field,
  value,
  onChange,
  context,
  problem,
}: {
  field: NumberField;
  value: unknown;
  onChange: (value: number | undefined) => void;
  context: string;
  problem: string | null;
}) {
  const id = useId();
  const current = typeof value === 'number' ? value : (field.defaultValue ?? 0);
  const withSlider = field.integer && ['max_size', 'keep_first', 'attention_window', 'max_events'].includes(field.key);
  return (
    <div className={problem ? 'setting invalid' : 'setting'}>
      <label htmlFor={id}>{field.key}</label>
      <input
        id={id}
        type="number"
        inputMode={field.integer ? 'numeric' : 'decimal'}
        step={field.integer ? 1 : 0.05}
        min={field.minimum ?? undefined}
        max={field.maximum ?? undefined}
        value={typeof value === 'number' ? value : ''}
        placeholder={field.defaultValue === null ? 'none (default)' : `${field.defaultValue} (default)`}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem ${id}-help` : `${id}-help`}
        onChange={(e) => {
          const text = e.target.value;
          onChange(text === '' ? undefined : field.integer ? Math.trunc(Number(text)) : Number(text));
        }}
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
      {problem && (
        <p id={`${id}-problem`} className="field-problem">
          {problem}
        </p>
      )}
      <p id={`${id}-help`} className="help">
        {field.description}
      </p>
    </div>
  );
}

/** The settings of one condenser, drawn from its config schema; pipelines nest one form per child. */
export function ConfigForm({ config, onChange, context = '', family = V0_FAMILY, invalid = null }: ConfigFormProps) {
  const typeId = useId();
  // Settings of the types left behind, so that switching back restores them (a whole pipeline included).
  const byType = useRef<Record<string, Config>>({});
  const chosen = config[family.key];
  const type = typeof chosen === 'string' ? chosen : family.choices[0]!.value;
  const shape = family.shape(type);
  const choice = family.choices.find((c) => c.value === type);
  const children =
    shape.childrenKey && Array.isArray(config[shape.childrenKey]) ? (config[shape.childrenKey] as Config[]) : [];

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
        <select
          id={typeId}
          value={type}
          onChange={(e) => {
            if (e.target.value === type) return;
            byType.current[type] = config;
            onChange(byType.current[e.target.value] ?? { [family.key]: e.target.value });
          }}
        >
          {family.choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.value} ({c.label})
            </option>
          ))}
        </select>
        {choice && <p className="help">{choice.description}</p>}
      </div>
      {shape.fields.map((field) => (
        <NumberSetting
          key={field.key}
          field={field}
          value={config[field.key]}
          context={context}
          problem={invalid && invalid.path.length === 1 && invalid.path[0] === field.key ? invalid.detail : null}
          onChange={(value) => set(field.key, value)}
        />
      ))}
      {('llm_config' in config || 'llm' in config) && (
        <p className="help">
          {family.key === 'type' ? `llm_config = ${JSON.stringify(config.llm_config)}` : 'The SDK condenser’s own llm'}:
          kept for copying back out; replays use this app's LLM settings.
        </p>
      )}
      {shape.childrenKey && (
        <ol className="pipeline">
          {children.map((child, i) => (
            <li key={i}>
              <ConfigForm
                config={child}
                family={family}
                context={` (pipeline step ${i + 1})`}
                invalid={
                  invalid && invalid.path[0] === shape.childrenKey && invalid.path[1] === i
                    ? { path: invalid.path.slice(2), detail: invalid.detail }
                    : null
                }
                onChange={(next) => setChildren(children.map((c, k) => (k === i ? next : c)))}
              />
              <div className="pipeline-actions">
                <button
                  type="button"
                  disabled={i === 0}
                  onClick={() => setChildren(swap(children, i, i - 1))}
                  aria-label={`Move pipeline step ${i + 1} up`}
                >
                  Up
                </button>
                <button
                  type="button"
                  disabled={i === children.length - 1}
                  onClick={() => setChildren(swap(children, i, i + 1))}
                  aria-label={`Move pipeline step ${i + 1} down`}
                >
                  Down
                </button>
                <button
                  type="button"
                  onClick={() => setChildren(children.filter((_, k) => k !== i))}
                  aria-label={`Remove pipeline step ${i + 1}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
          <li>
            <AddStep family={family} onAdd={(childType) => setChildren([...children, { [family.key]: childType }])} />
          </li>
        </ol>
      )}
    </fieldset>
  );
}

function AddStep({ family, onAdd }: { family: ConfigFamily; onAdd: (type: string) => void }) {
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
        {family.choices
          .filter((c) => family.shape(c.value).childrenKey === null)
          .map((c) => (
            <option key={c.value} value={c.value}>
              {c.value}
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
