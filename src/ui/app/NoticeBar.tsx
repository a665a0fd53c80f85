import { useActions, useAppState } from './storeContext.tsx';

export function NoticeBar() {
  const notice = useAppState((s) => s.notice);
  const { dismissNotice } = useActions();
  if (!notice) return null;
  return (
    <div className={`notice ${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      <span>{notice.text}</span>
      <button type="button" onClick={dismissNotice} aria-label="Dismiss message">
        ×
      </button>
    </div>
  );
}
