import { useState } from 'react';
import { useEscape } from '../shared/useEscape.ts';

interface Props {
  /** The button's name ("Copy request as cURL"). */
  readonly label: string;
  /** What the button shows (the label by default). */
  readonly children?: React.ReactNode;
  /** Built when clicked: a big request is not turned into text for every render. */
  readonly text: () => string;
  readonly className?: string;
}

/** Copies a text to the clipboard; where the clipboard is refused, shows it to copy by hand. */
export function CopyButton({ label, children, text, className }: Props) {
  const [state, setState] = useState<{ readonly kind: 'idle' | 'copied' } | { readonly kind: 'manual'; text: string }>({
    kind: 'idle',
  });
  useEscape(state.kind === 'manual', () => setState({ kind: 'idle' }));
  const copy = async () => {
    const value = text();
    try {
      await navigator.clipboard.writeText(value);
      setState({ kind: 'copied' });
    } catch {
      // No clipboard access (permissions, insecure context): show the text to copy by hand.
      setState({ kind: 'manual', text: value });
    }
  };
  return (
    <>
      <button type="button" className={className} aria-label={label} title={label} onClick={() => void copy()}>
        {state.kind === 'copied' ? 'Copied' : (children ?? label)}
      </button>
      {state.kind === 'manual' && (
        <div className="copy-manual" role="dialog" aria-label={label}>
          <p>The clipboard is not available here: select the text and copy it.</p>
          <textarea readOnly value={state.text} rows={8} onFocus={(event) => event.currentTarget.select()} autoFocus />
          <button type="button" onClick={() => setState({ kind: 'idle' })}>
            Close
          </button>
        </div>
      )}
    </>
  );
}
