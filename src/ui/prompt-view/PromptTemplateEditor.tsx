import { useId, useState } from 'react';
import { DEFAULT_STRUCTURED_TEMPLATE, DEFAULT_SUMMARY_TEMPLATE } from '../../engine/v0/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import './promptView.css';

type Kind = 'llm' | 'structured';

const DEFAULTS: Record<Kind, string> = { llm: DEFAULT_SUMMARY_TEMPLATE, structured: DEFAULT_STRUCTURED_TEMPLATE };

/** The summarizer condensers in a configuration (a pipeline's included). */
export function summarizerKinds(config: unknown): Kind[] {
  const found = new Set<Kind>();
  const visit = (value: unknown) => {
    if (typeof value !== 'object' || value === null) return;
    const record = value as { type?: unknown; condensers?: unknown };
    if (record.type === 'llm' || record.type === 'structured') found.add(record.type);
    if (Array.isArray(record.condensers)) record.condensers.forEach(visit);
  };
  visit(config);
  return [...found];
}

function Editor({ kind, saved }: { kind: Kind; saved: string | undefined }) {
  const { setPromptTemplate } = useActions();
  const [draft, setDraft] = useState(saved ?? DEFAULTS[kind]);
  const id = useId();
  const missing = ['{events}', '{previous_summary}'].filter((slot) => !draft.includes(slot));
  return (
    <div className="template-editor">
      <label htmlFor={id}>
        {kind === 'llm' ? 'Summary prompt (llm condenser)' : 'Summary prompt (structured condenser)'}
      </label>
      <p className="help">
        {'{previous_summary}'} becomes the last summary, {'{events}'} the forgotten events as &lt;EVENT id=N&gt; blocks.
        Changing it changes every request, so recorded answers stop matching and new calls are needed.
      </p>
      <textarea id={id} rows={10} value={draft} spellCheck={false} onChange={(e) => setDraft(e.target.value)} />
      {missing.length > 0 && (
        <p className="error">The template has no {missing.join(' or ')}: the model would not see them.</p>
      )}
      <div className="form-actions">
        <button
          type="button"
          disabled={draft === (saved ?? DEFAULTS[kind])}
          onClick={() => void setPromptTemplate(kind, draft === DEFAULTS[kind] ? null : draft)}
        >
          Use this prompt
        </button>
        <button
          type="button"
          disabled={saved === undefined}
          onClick={() => {
            setDraft(DEFAULTS[kind]);
            void setPromptTemplate(kind, null);
          }}
        >
          Back to the built-in prompt
        </button>
      </div>
    </div>
  );
}

/** Per-session prompt tuning for the summarizers the configuration uses. */
export function PromptTemplateEditor() {
  const config = useAppState((s) => s.config);
  const prompts = useAppState((s) => s.active?.record.prompts ?? {});
  const sessionId = useAppState((s) => s.active?.record.id ?? '');
  const sdkLog = useAppState((s) => s.active?.opened.flavor === 'sdk');
  if (sdkLog)
    return (
      <p className="help">
        Agent SDK logs are summarized with the SDK's own prompt (in this app's wording); it cannot be edited per session
        yet.
      </p>
    );
  const kinds = summarizerKinds(config);
  if (kinds.length === 0)
    return (
      <p className="help">
        This configuration has no summarizing condenser (llm or structured), so there is no summary prompt to tune.
      </p>
    );
  return (
    <section className="prompt-templates" aria-label="Prompt templates">
      {kinds.map((kind) => (
        <Editor key={`${sessionId}-${kind}`} kind={kind} saved={prompts[kind]} />
      ))}
    </section>
  );
}
