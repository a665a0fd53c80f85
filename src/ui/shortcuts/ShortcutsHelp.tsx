import { useCallback, useEffect, useRef, useState } from 'react';
import { useEscape } from '../shared/useEscape.ts';
import './shortcuts.css';

/** Every key the page answers to, in the words the page uses. */
export const SHORTCUTS: ReadonlyArray<readonly [keys: string, what: string]> = [
  ['← / →', 'Previous / next step'],
  ['Page Up / Page Down', 'Ten steps back / on (in a list: a page of rows)'],
  ['Home / End', 'First / last step (in a list: its first / last row)'],
  ['N / P', 'Next / previous condensation'],
  ['↑ / ↓', 'Previous / next row of the events grid or the side-by-side view'],
  ['Enter', 'In the side-by-side view: show the row’s event'],
  ['Enter / Shift+Enter', 'In a search box: next / previous hit'],
  ['Esc', 'Close the event, the LLM settings or this list'],
  ['?', 'Show or hide this list'],
];

const inField = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** "?" anywhere but in a field lists the keyboard shortcuts. */
export function ShortcutsHelp() {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  useEscape(open, close);
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.defaultPrevented || event.ctrlKey || event.metaKey || inField(event.target))
        return;
      event.preventDefault();
      setOpen((was) => !was);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  useEffect(() => {
    if (open) closeButton.current?.focus();
  }, [open]);
  if (!open) return null;
  return (
    <div className="shortcuts-help" role="dialog" aria-label="Keyboard shortcuts">
      <header>
        <h2>Keyboard shortcuts</h2>
        <button ref={closeButton} type="button" onClick={close} title="Close (Esc)">
          Close
        </button>
      </header>
      <dl>
        {SHORTCUTS.map(([keys, what]) => (
          <div key={keys} className="shortcut">
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
