import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PromptTemplateEditor, summarizerKinds } from '../../../src/ui/prompt-view/PromptTemplateEditor.tsx';
import { startedStore } from '../../helpers/appStore.ts';
import { renderWithStore } from '../../helpers/render.tsx';

describe('PromptTemplateEditor', () => {
  it('edits the session’s summary prompt, warns about a missing slot, and goes back to the built-in one', async () => {
    const { store } = await startedStore();
    renderWithStore(<PromptTemplateEditor />, store);
    const editor = screen.getByLabelText('Summary prompt (llm condenser)') as HTMLTextAreaElement;
    expect(editor.value).toContain('{previous_summary}');
    fireEvent.change(editor, { target: { value: 'Summarize briefly: {previous_summary}' } });
    expect(screen.getByText(/has no \{events\}/)).toBeDefined();
    fireEvent.change(editor, { target: { value: 'Summarize briefly: {previous_summary} {events}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use this prompt' }));
    await waitFor(() =>
      expect(store.getState().active!.record.prompts.llm).toBe('Summarize briefly: {previous_summary} {events}'),
    );
    await waitFor(() => expect(store.getState().summary!.llm.placeholders).toBe(3));
    fireEvent.click(screen.getByRole('button', { name: 'Back to the built-in prompt' }));
    await waitFor(() => expect(store.getState().active!.record.prompts.llm).toBeUndefined());
  });

  it('finds the summarizers of a configuration', () => {
    expect(summarizerKinds({ type: 'pipeline', condensers: [{ type: 'structured' }, { type: 'llm' }] }).sort()).toEqual(
      ['llm', 'structured'],
    );
    expect(summarizerKinds({ type: 'amortized' })).toEqual([]);
  });
});
