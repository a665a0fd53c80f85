import { useActions, useAppState } from '../app/storeContext.tsx';
import '../kept-work/keptWork.css';

/** The value at a path as mergeJson names it (`condensers[2].max_size`). */
function valueAt(config: unknown, path: string): unknown {
  let at: unknown = config;
  for (const part of path.match(/[^.[\]]+/g) ?? []) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

const shown = (value: unknown) => (value === undefined ? 'unset' : JSON.stringify(value));

/** Settings this tab and another changed differently at once: both values, and the user's pick. */
export function ConfigConflict() {
  const conflict = useAppState((s) => s.configConflict);
  const sessionId = useAppState((s) => s.active?.record.id);
  const { resolveConfigConflict } = useActions();
  if (!conflict || conflict.sessionId !== sessionId) return null;
  return (
    <div className="edit-conflict" role="alert">
      <p>
        Another tab changed the same settings while you did; your change is not stored yet, and nothing is lost until
        you pick:
      </p>
      <ul>
        {conflict.settings.map((path) => (
          <li key={path}>
            {path}: {shown(valueAt(conflict.mine, path))} here, {shown(valueAt(conflict.theirs, path))} in the other tab
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <button type="button" onClick={() => void resolveConfigConflict('mine')}>
          Keep mine
        </button>
        <button type="button" onClick={() => void resolveConfigConflict('theirs')}>
          Use the other tab’s
        </button>
      </div>
    </div>
  );
}
