import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePageKeys } from '../../../src/ui/app/usePageKeys.ts';
import { StepScrubber, marksPath } from '../../../src/ui/scrubber/StepScrubber.tsx';
import { settledStore, startedStore } from '../../helpers/appStore.ts';
import { renderWithStore } from '../../helpers/render.tsx';

describe('StepScrubber', () => {
  it('shows the step, and moves with the slider, the buttons and the keyboard', async () => {
    const { store } = await startedStore();
    renderWithStore(<StepScrubber />, store);
    expect(screen.getByText('Step 40 of 84')).toBeDefined();
    expect(screen.getByText(/Before event 86/).closest('p')!.textContent).toMatch(
      /^Before event 86 · view of 40 events/,
    );
    const slider = screen.getByLabelText('Step 40 of 84');
    fireEvent.change(slider, { target: { value: '10' } });
    expect(store.getState().stepAsked).toBe(10);
    // The thumb stays where it was dragged while the step shown is still the one before.
    expect(store.getState().step).toBe(39);
    expect((slider as HTMLInputElement).value).toBe('10');
    expect(slider.getAttribute('aria-valuetext')).toMatch(/^Step 11 of 84, /);
    fireEvent.click(screen.getByRole('button', { name: 'Next step' }));
    expect(store.getState().stepAsked).toBe(11);
    fireEvent.click(screen.getByRole('button', { name: /Next condensation/ }));
    expect(store.getState().stepAsked).toBe(39);
    fireEvent.click(screen.getByRole('button', { name: /Previous condensation/ }));
    expect(store.getState().stepAsked).toBe(39);
    expect(screen.getByText(/3 condensations in this replay \(N\/P\)/)).toBeDefined();
    // The step shown (the label, the panes) follows with the engine's view of the step asked for.
    await waitFor(() => expect(store.getState().step).toBe(39));
    expect(store.getState().stepView?.step).toBe(39);
  });

  it('says where a condensation happened in words: just before the step’s call', async () => {
    const { store } = await startedStore();
    renderWithStore(<StepScrubber />, store);
    store.getState().setStep(39);
    expect((await screen.findByText(/Before event/)).closest('p')!.textContent).toMatch(
      / · a condensation just before this call · /,
    );
    store.getState().setStep(10);
    await waitFor(() => expect(screen.getByText(/Before event/).closest('p')!.textContent).not.toMatch(/just before/));
    // Once estimated, the step's one token figure: the estimated input of its call, as the messages pane shows it.
    const input = await waitFor(() => {
      const estimate = store.getState().usage?.steps[10]?.estimate;
      expect(estimate).toBeTruthy();
      return estimate!.promptTokens;
    });
    await waitFor(() =>
      expect(screen.getByText(/Before event/).closest('p')!.textContent).toContain(
        `, input ${input.toLocaleString('en-US')} tokens est.`,
      ),
    );
  });

  it('takes the step keys anywhere on the page, but not while typing in a field', async () => {
    const { store } = await startedStore();
    function Page() {
      usePageKeys();
      return (
        <>
          <StepScrubber />
          <input aria-label="Notes field" />
        </>
      );
    }
    renderWithStore(<Page />, store);
    store.getState().setStep(10);
    fireEvent.keyDown(document.body, { key: 'n' });
    expect(store.getState().stepAsked).toBe(39);
    fireEvent.keyDown(document.body, { key: 'n' });
    expect(store.getState().stepAsked).toBe(60);
    fireEvent.keyDown(document.body, { key: 'P' });
    expect(store.getState().stepAsked).toBe(39);
    fireEvent.keyDown(document.body, { key: 'PageDown' });
    expect(store.getState().stepAsked).toBe(49);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(store.getState().stepAsked).toBe(48);
    fireEvent.keyDown(screen.getByLabelText('Notes field'), { key: 'n' });
    fireEvent.keyDown(screen.getByLabelText('Notes field'), { key: 'ArrowRight' });
    expect(store.getState().stepAsked).toBe(48);
    // The slider keeps its own arrows; N/P still work from it.
    fireEvent.keyDown(await screen.findByLabelText('Step 49 of 84'), { key: 'p' });
    expect(store.getState().stepAsked).toBe(39);
    fireEvent.keyDown(document.body, { key: 'End' });
    expect(store.getState().stepAsked).toBe(83);
    await waitFor(() => expect(store.getState().step).toBe(83));
  });

  it('draws its condensation marks once per replay, where each condensation’s step is on the slider', async () => {
    // Settled: no replay of its own (the tokens counted) comes in meanwhile.
    const { store } = await settledStore();
    const { container } = renderWithStore(<StepScrubber />, store);
    const drawing = () => container.querySelector('.slider-marks')!;
    const path = () => container.querySelector('.slider-mark-lines');
    const marksAt = () =>
      [...(path()?.getAttribute('d') ?? '').matchAll(/M([\d.]+) 0V1/g)].map((match) => Number(match[1]));
    const at = (step: number, steps: number) => Math.round((step / (steps - 1)) * 1000 * 100) / 100;
    expect(marksAt()).toEqual([39, 60, 80].map((step) => at(step, 84)));
    expect(drawing().getAttribute('data-marks')).toBe('3');
    const before = path();
    store.getState().setStep(12);
    await waitFor(() => expect(screen.getByText('Step 13 of 84')).toBeDefined());
    expect(path()).toBe(before);
    expect(marksAt()).toEqual([39, 60, 80].map((step) => at(step, 84)));
    const config = structuredClone(store.getState().config) as { condensers: Array<Record<string, unknown>> };
    config.condensers[2]!.max_size = 40;
    store.getState().setConfig(config);
    await store.getState().rerun();
    await waitFor(() => expect(marksAt().length).toBeGreaterThan(3));
    const steps = store.getState().summary!.steps;
    expect(marksAt()).toEqual(
      steps.filter((step) => step.condensationIds.length > 0).map((step) => at(step.index, steps.length)),
    );
    expect(drawing().getAttribute('data-marks')).toBe(String(marksAt().length));
  });

  it('draws no mark for a replay without condensations, and a one-step replay’s at the start', () => {
    expect(marksPath([], 10)).toBe('');
    expect(marksPath([0], 1)).toBe('M0 0V1');
    expect(marksPath([0, 1, 2], 3)).toBe('M0 0V1M500 0V1M1000 0V1');
    expect(marksPath([1], 7)).toBe('M166.67 0V1');
  });

  it('says when the condenser failed at a step', async () => {
    const { store } = await startedStore();
    store.getState().setOnMissing('stop');
    store.getState().setConfig({ type: 'llm', max_size: 30, keep_first: 2 });
    await store.getState().rerun();
    store.getState().setStep(10_000);
    renderWithStore(<StepScrubber />, store);
    expect(screen.getByRole('alert').textContent).toMatch(/^No recorded answer for LLM call 1/);
  });
});
