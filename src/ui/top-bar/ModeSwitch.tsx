import { useAppState, useActions } from '../app/storeContext.tsx';

/** As recorded (what the agent saw) or re-simulate (what it would have seen with the settings). */
export function ModeSwitch() {
  const mode = useAppState((s) => s.mode);
  const { setMode } = useActions();
  return (
    <fieldset
      className="mode-switch"
      title="As recorded: the views the agent actually got. Re-simulate: the views the settings would give."
    >
      <legend className="visually-hidden">Replay</legend>
      <label className={mode === 'recorded' ? 'selected' : undefined}>
        <input type="radio" name="mode" checked={mode === 'recorded'} onChange={() => setMode('recorded')} /> As
        recorded
      </label>
      <label className={mode === 'resimulate' ? 'selected' : undefined}>
        <input type="radio" name="mode" checked={mode === 'resimulate'} onChange={() => setMode('resimulate')} />{' '}
        Re-simulate
      </label>
    </fieldset>
  );
}
