import { useId, useRef, useState } from 'react';
import { useActions, useAppState } from '../app/storeContext.tsx';

/** Paste or import the `[condenser]` section of a config.toml; copy the settings back out as TOML. */
export function TomlTools() {
  const { applyConfigText, configAsText } = useActions();
  const sdkLog = useAppState((s) => s.active?.opened.flavor === 'sdk');
  const [open, setOpen] = useState<'paste' | 'copy' | null>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const pasteId = useId();
  const copyId = useId();

  const apply = (value: string) => {
    const error = applyConfigText(value);
    setProblem(error);
    if (!error) setOpen(null);
  };

  const showToml = async () => {
    const toml = configAsText().text;
    setText(toml);
    setOpen('copy');
    try {
      await navigator.clipboard.writeText(toml);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <div className="toml-tools">
      <button
        type="button"
        onClick={() => {
          setText('');
          setProblem(null);
          setOpen(open === 'paste' ? null : 'paste');
        }}
      >
        {sdkLog ? 'Paste condenser JSON' : 'Paste config.toml'}
      </button>
      <button type="button" onClick={() => fileInput.current?.click()}>
        {sdkLog ? 'Import JSON file' : 'Import TOML file'}
      </button>
      <button type="button" onClick={() => void showToml()}>
        {sdkLog ? 'Copy as JSON' : 'Copy as TOML'}
      </button>
      <input
        ref={fileInput}
        type="file"
        accept=".toml,.json,text/plain"
        hidden
        aria-label={sdkLog ? 'condenser JSON file' : 'config.toml file'}
        onChange={async (e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) apply(await file.text());
          if (file) setOpen('paste');
        }}
      />
      {open === 'paste' && (
        <div className="toml-box">
          <label htmlFor={pasteId}>
            {sdkLog
              ? 'An SDK condenser object ({"kind": "LLMSummarizingCondenser", ...}), as in base_state.json'
              : 'The [condenser] section of a config.toml (or JSON)'}
          </label>
          <textarea id={pasteId} rows={8} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
          <button type="button" onClick={() => apply(text)}>
            Apply
          </button>
          {problem && (
            <p className="error" role="alert">
              {problem}
            </p>
          )}
        </div>
      )}
      {open === 'copy' && (
        <div className="toml-box">
          <label htmlFor={copyId}>
            {copied ? 'Copied to the clipboard:' : `Current settings as ${sdkLog ? 'JSON' : 'TOML'}:`}
          </label>
          <textarea id={copyId} rows={8} value={text} readOnly spellCheck={false} />
        </div>
      )}
    </div>
  );
}
