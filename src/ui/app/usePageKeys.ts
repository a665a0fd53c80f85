import { useEffect } from 'react';
import { condensationSteps } from '../../store/index.ts';
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
      // From the step last asked for: keys pressed faster than the engine answers each move on.
      const { summary, stepAsked: step, setStep } = store.getState();
      if (!summary || summary.steps.length === 0) return;
      const marks = condensationSteps(summary);
      const moves: Record<string, number | undefined> = {
        ArrowLeft: step - 1,
        ArrowRight: step + 1,
        PageUp: step - 10,
        PageDown: step + 10,
        Home: 0,
        End: summary.steps.length - 1,
        n: marks.find((mark) => mark > step),
        N: marks.find((mark) => mark > step),
        p: [...marks].reverse().find((mark) => mark < step),
        P: [...marks].reverse().find((mark) => mark < step),
      };
      if (!(event.key in moves)) return;
      event.preventDefault();
      const target = moves[event.key];
      if (target !== undefined) setStep(target);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store]);
}
