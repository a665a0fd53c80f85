import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfigForm } from '../../../src/ui/settings/ConfigForm.tsx';

describe('ConfigForm', () => {
  it('draws the settings from the condenser’s schema, with OpenHands’ keys as labels and defaults shown', () => {
    const onChange = vi.fn();
    render(<ConfigForm config={{ type: 'llm', max_size: 40 }} onChange={onChange} />);
    expect((screen.getByLabelText('max_size') as HTMLInputElement).value).toBe('40');
    expect((screen.getByLabelText('keep_first') as HTMLInputElement).placeholder).toBe('1 (default)');
    expect(screen.getByLabelText('max_event_length')).toBeDefined();
    fireEvent.change(screen.getByLabelText('keep_first'), { target: { value: '4' } });
    expect(onChange).toHaveBeenLastCalledWith({ type: 'llm', max_size: 40, keep_first: 4 });
    fireEvent.change(screen.getByLabelText('max_size slider'), { target: { value: '120' } });
    expect(onChange).toHaveBeenLastCalledWith({ type: 'llm', max_size: 120 });
    fireEvent.change(screen.getByLabelText('max_size'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({ type: 'llm' });
  });

  it('switches condenser type to its own settings', () => {
    const onChange = vi.fn();
    const { rerender } = render(<ConfigForm config={{ type: 'noop' }} onChange={onChange} />);
    expect(screen.queryByLabelText('max_size')).toBeNull();
    fireEvent.change(screen.getByLabelText('Condenser type'), { target: { value: 'observation_masking' } });
    expect(onChange).toHaveBeenLastCalledWith({ type: 'observation_masking' });
    rerender(<ConfigForm config={{ type: 'observation_masking' }} onChange={onChange} />);
    expect((screen.getByLabelText('attention_window') as HTMLInputElement).placeholder).toBe('100 (default)');
  });

  it('edits a pipeline: a form per step, add, move and remove', () => {
    const onChange = vi.fn();
    const config = {
      type: 'pipeline',
      condensers: [{ type: 'conversation_window' }, { type: 'llm', keep_first: 4, max_size: 120 }],
    };
    render(<ConfigForm config={config} onChange={onChange} />);
    expect((screen.getByLabelText('Condenser type (pipeline step 2)') as HTMLSelectElement).value).toBe('llm');
    fireEvent.change(screen.getAllByLabelText('max_size')[0]!, { target: { value: '80' } });
    expect(onChange).toHaveBeenLastCalledWith({
      type: 'pipeline',
      condensers: [{ type: 'conversation_window' }, { type: 'llm', keep_first: 4, max_size: 80 }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Move pipeline step 2 up' }));
    expect(onChange).toHaveBeenLastCalledWith({
      type: 'pipeline',
      condensers: [{ type: 'llm', keep_first: 4, max_size: 120 }, { type: 'conversation_window' }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove pipeline step 1' }));
    expect(onChange).toHaveBeenLastCalledWith({
      type: 'pipeline',
      condensers: [{ type: 'llm', keep_first: 4, max_size: 120 }],
    });
    fireEvent.change(screen.getByLabelText('Add a condenser to the pipeline'), {
      target: { value: 'browser_output_masking' },
    });
    expect(onChange).toHaveBeenLastCalledWith({
      type: 'pipeline',
      condensers: [
        { type: 'conversation_window' },
        { type: 'llm', keep_first: 4, max_size: 120 },
        { type: 'browser_output_masking' },
      ],
    });
  });
});
