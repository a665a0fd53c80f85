import { useEffect } from 'react';
import { condensationAfter, condensationBefore, condensationSteps } from '../../store/index.ts';
import { useAppStoreApi } from './storeContext.tsx';

const TYPING = new Set(['TEXTAREA', 'SELECT']);

/** Keys typed into a field belong to the field; a slider keeps its own arrows, Home and End. */
function ownsKey(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || TYPING.has(target.tagName)) return true;
  if (target.getAttribute('role') === 'tab' && (key === 'ArrowLeft' || key === 'ArrowRight')) return true;
  if (target instanceof HTMLInputElement) return target.type !== 'range' || !['n', 'N', 'p', 'P'].includes(key);
  return false;
}

/** Steps move from anywhere on the page: ←/→ a step, Page Up/Down ten, Home/End, N/P the condensations. */
export function usePageKeys(): void {
  const store = useAppStoreApi();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || ownsKey(event.target, event.key))
        return;
      const { summary, moveStep } = store.getState();
      if (!summary || summary.steps.length === 0) return;
      const marks = condensationSteps(summary);
      const moves: Record<string, (from: number) => number | undefined> = {
        ArrowLeft: (from) => from - 1,
        ArrowRight: (from) => from + 1,
        PageUp: (from) => from - 10,
        PageDown: (from) => from + 10,
        Home: () => 0,
        End: () => summary.steps.length - 1,
        n: (from) => condensationAfter(marks, from),
        N: (from) => condensationAfter(marks, from),
        p: (from) => condensationBefore(marks, from),
        P: (from) => condensationBefore(marks, from),
      };
      const move = moves[event.key];
      if (!move) return;
      event.preventDefault();
      moveStep(move);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store]);
}
