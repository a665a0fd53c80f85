import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecordedBill } from '../../../src/ui/session-view/RecordedBill.tsx';
import { createTestStore, startedStore } from '../../helpers/appStore.ts';
import { textInput, v0Events } from '../../helpers/logs.ts';
import { renderWithStore } from '../../helpers/render.tsx';

describe('RecordedBill', () => {
  it('heads the 185-event session with its recorded bill: total, agent and condenser calls apart, per model', async () => {
    const { store } = await startedStore();
    renderWithStore(<RecordedBill />, store);
    const line = screen.getByText(/^Recorded \$/);
    expect(line.textContent).toBe('Recorded $1.344 · agent 84 calls $1.195 · condenser 3 calls $0.1491');
    const cells = (model: string) =>
      [...screen.getByRole('rowheader', { name: model }).parentElement!.querySelectorAll('td')].map(
        (td) => td.textContent,
      );
    expect(cells('litellm_proxy/claude-sonnet-4-20250514')).toEqual([
      '84',
      '$1.195',
      '2,220,225',
      '2,127,039',
      '92,783',
      '13,756',
    ]);
    expect(cells('(model not recorded)').slice(0, 3)).toEqual(['3', '$0.1491', '41,821']);
  });

  it('says "no recorded usage" for a log that records none, never $0', async () => {
    const { store } = createTestStore();
    await store.getState().init();
    const text = JSON.stringify(v0Events(3));
    await store.getState().importLog(textInput(text, 'bare.json'), 'bare.json', text.length);
    await waitFor(() => expect(store.getState().active?.record.name).toBe('bare.json'));
    renderWithStore(<RecordedBill />, store);
    expect(screen.getByLabelText('Recorded cost').textContent).toMatch(/^No recorded usage/);
    expect(screen.queryByText(/\$0\b/)).toBeNull();
  });
});
