import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SHORTCUTS, ShortcutsHelp } from '../../../src/ui/shortcuts/ShortcutsHelp.tsx';

describe('ShortcutsHelp', () => {
  it('opens on "?" with every shortcut listed, and closes on Esc; "?" typed in a field stays the field’s', () => {
    render(
      <>
        <input aria-label="A field" />
        <ShortcutsHelp />
      </>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.keyDown(screen.getByLabelText('A field'), { key: '?' });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.keyDown(document.body, { key: '?' });
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect([...dialog.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(SHORTCUTS.map(([keys]) => keys));
    expect(document.activeElement?.textContent).toBe('Close');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
