import { StepScrubber } from '../scrubber/StepScrubber.tsx';
import { SessionHeader } from '../session-view/SessionHeader.tsx';
import { ModeSwitch } from './ModeSwitch.tsx';
import './topBar.css';

interface Props {
  readonly settingsOpen: boolean;
  readonly onToggleSettings: () => void;
}

/** Everything that orients: which session, which mode, which step (and where the condensations are). */
export function TopBar({ settingsOpen, onToggleSettings }: Props) {
  return (
    <div className="top-bar">
      <div className="top-bar-row">
        <button
          type="button"
          className="settings-toggle"
          aria-expanded={settingsOpen}
          aria-controls="condenser-settings"
          onClick={onToggleSettings}
          title="Show or hide the settings"
        >
          {settingsOpen ? '◧ Settings' : '▭ Settings'}
        </button>
        <SessionHeader />
        <ModeSwitch />
      </div>
      <StepScrubber />
    </div>
  );
}
