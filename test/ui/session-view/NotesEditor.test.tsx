import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SessionHeader } from '../../../src/ui/session-view/SessionHeader.tsx';
import { startedStore } from '../../helpers/appStore.ts';
import { renderWithStore } from '../../helpers/render.tsx';

describe('the notes editor', () => {
  it('follows the stored notes while untouched, and writes nothing on focus and blur', async () => {
    const { store, sessions } = await startedStore();
    renderWithStore(<SessionHeader />, store);
    const box = screen.getByLabelText(/^Notes on this session/) as HTMLTextAreaElement;
    const id = store.getState().active!.record.id;
    // Another tab wrote notes: this tab reads them back (as otherTabChanged does).
    await sessions.updateVersioned(id, 'notes', 'from another tab', 0);
    const record = (await sessions.get(id))!;
    act(() => store.setState({ active: { ...store.getState().active!, record } }));
    expect(box.value).toBe('from another tab');
    fireEvent.focus(box);
    fireEvent.blur(box);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect((await sessions.get(id))?.revisions?.notes).toBe(1);
  });

  it('offers both versions when another tab changed the same lines, and keeps both on request', async () => {
    const { store, sessions } = await startedStore();
    renderWithStore(<SessionHeader />, store);
    const box = screen.getByLabelText(/^Notes on this session/) as HTMLTextAreaElement;
    const id = store.getState().active!.record.id;
    fireEvent.change(box, { target: { value: 'mine' } });
    await sessions.updateVersioned(id, 'notes', 'theirs', 0);
    fireEvent.blur(box);
    expect(await screen.findByText(/Another tab changed these notes while you edited them/)).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Keep both' }));
    await waitFor(() => expect(box.value).toBe('theirs\n\nmine'));
    expect((await sessions.get(id))?.notes).toBe('theirs\n\nmine');
  });
});
