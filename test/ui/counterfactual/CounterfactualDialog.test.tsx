import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppStore } from '../../../src/store/index.ts';
import { CounterfactualButton } from '../../../src/ui/counterfactual/CounterfactualButton.tsx';
import { startedStore } from '../../helpers/appStore.ts';
import { fakeServerForFile } from '../../helpers/fakeServer.ts';
import { renderWithStore, showStep } from '../../helpers/render.tsx';

const KEY = 'sk-counterfactual-ui-key';
const server = fakeServerForFile({ apiKey: KEY, delayMs: 0 });
const RECENT = { type: 'recent', max_events: 40, keep_first: 2 };

async function atStep60(store: AppStore, apiKey: string) {
  await store.getState().saveLlmSettings({
    baseURL: server().url,
    model: 'noisy-agent',
    apiKey,
    inputPrice: null,
    outputPrice: null,
  });
  if (store.getState().mode !== 'resimulate') store.getState().setMode('resimulate');
  store.getState().setConfig(RECENT);
  await store.getState().rerun();
  await showStep(store, 60);
}

/** Opens the dialog, asks with two samples a side, and reads what it shows. */
async function ask() {
  fireEvent.click(screen.getByRole('button', { name: 'What would B have done?' }));
  const dialog = screen.getByRole('dialog', { name: 'What would B have done?' });
  fireEvent.change(within(dialog).getByLabelText('Samples per side'), { target: { value: '2' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Ask at step 61' }));
  const floor = await within(dialog).findByRole('region', { name: 'As recorded (noise floor)' }, { timeout: 60_000 });
  const candidate = within(dialog).getByRole('region', { name: 'Under B' });
  const samples = (side: HTMLElement) =>
    within(side)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
  return {
    dialog,
    floor: samples(floor),
    candidate: samples(candidate),
    headings: [floor, candidate].map((side) => within(side).getByRole('heading').textContent),
  };
}

describe('What would B have done? (the counterfactual in the app)', () => {
  it('asks K answers a side, keeps them in the session, and shows the same answers offline after export and import', async () => {
    const { store, sessions } = await startedStore();
    await atStep60(store, KEY);
    const view = renderWithStore(<CounterfactualButton />, store);
    const before = server().requests.length;
    const online = await ask();
    expect(server().requests.length - before).toBe(4);
    expect(online.floor).toHaveLength(2);
    expect(online.candidate).toHaveLength(2);
    // noisy-agent answers a repeated request differently: the samples differ, both are shown.
    expect(online.floor[0]).not.toEqual(online.floor[1]);
    expect(online.candidate[0]).toMatch(/str_replace_editor.*oh-utils/);
    expect(online.headings).toEqual(['As recorded (noise floor) agreement 0%', 'Under B agreement 0%']);
    expect(within(online.dialog).getByRole('region', { name: 'What the agent did' }).textContent).toMatch(
      /execute_bash/,
    );
    const id = store.getState().active!.record.id;
    await expect
      .poll(async () => Object.keys(await sessions.answers(id)).filter((key) => key.startsWith('counterfactual:')))
      .toHaveLength(4);

    const exported = (await store.getState().exportSession())!.parts.join('');
    expect(exported).not.toContain(KEY);
    view.unmount();

    const fresh = await startedStore();
    const imported = await fresh.store.getState().importSessionFile(exported);
    await act(() => fresh.store.getState().openSession(imported!));
    await atStep60(fresh.store, '');
    renderWithStore(<CounterfactualButton />, fresh.store);
    const requests = server().requests.length;
    const offline = await ask();
    expect(server().requests.length).toBe(requests);
    expect(offline.floor).toEqual(online.floor);
    expect(offline.candidate).toEqual(online.candidate);
  }, 180_000);

  it('says what is missing offline, in one line', async () => {
    const { store } = await startedStore();
    await atStep60(store, '');
    renderWithStore(<CounterfactualButton />, store);
    fireEvent.click(screen.getByRole('button', { name: 'What would B have done?' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ask at step 61' }));
    expect((await screen.findByRole('alert', {}, { timeout: 60_000 })).textContent).toMatch(
      /no answer is recorded for sample 1.*no key is set/,
    );
  }, 120_000);
});
