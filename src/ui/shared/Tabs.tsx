import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import './tabs.css';

export interface TabSpec<K extends string> {
  readonly key: K;
  readonly label: string;
  readonly render: () => ReactNode;
}

/** Tabs with the ARIA pattern: arrow keys move between tabs, only the active panel is rendered. */
export function Tabs<K extends string>({
  tabs,
  active,
  onChange,
  label,
}: {
  tabs: readonly TabSpec<K>[];
  active: K;
  onChange: (key: K) => void;
  label: string;
}) {
  const id = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === active),
  );
  const onKeyDown = (event: KeyboardEvent) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const next = (index + delta + tabs.length) % tabs.length;
    onChange(tabs[next]!.key);
    buttons.current[next]?.focus();
  };
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            role="tab"
            type="button"
            id={`${id}-${tab.key}`}
            aria-selected={i === index}
            aria-controls={`${id}-${tab.key}-panel`}
            tabIndex={i === index ? 0 : -1}
            onClick={() => onChange(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-${tabs[index]!.key}-panel`}
        aria-labelledby={`${id}-${tabs[index]!.key}`}
        className="tab-panel"
      >
        {tabs[index]!.render()}
      </div>
    </div>
  );
}
