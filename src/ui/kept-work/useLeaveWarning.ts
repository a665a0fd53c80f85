import { useEffect } from 'react';
import { leaveWarning } from '../../store/index.ts';
import { useAppState } from '../app/storeContext.tsx';

/**
 * While leaving would lose paid answers (a live run under way, answers being stored or not stored),
 * the browser asks before the page is closed or reloaded.
 */
export function useLeaveWarning(): void {
  const warning = useAppState(leaveWarning);
  useEffect(() => {
    if (!warning) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when a value is returned (they do not show the text).
      event.returnValue = warning;
      return warning;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [warning]);
}
