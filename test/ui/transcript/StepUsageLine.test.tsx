import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StepUsageLine } from '../../../src/ui/transcript/StepUsageLine.tsx';
import { RecordedVsEstimate } from '../../../src/ui/compare/RecordedVsEstimate.tsx';
import { startedStore } from '../../helpers/appStore.ts';
import { renderWithStore } from '../../helpers/render.tsx';

async function asRecordedWithUsage() {
  const started = await startedStore();
  started.store.getState().setMode('recorded');
  await waitFor(() => expect(started.store.getState().summary).not.toBeNull());
  await started.store.getState().refreshUsage();
  await waitFor(() => expect(started.store.getState().usage?.calibration).toBe('earlier-steps'));
  return started;
}

describe('StepUsageLine', () => {
  it('shows the estimate labelled as one, the recorded cost exactly, and the call’s model', async () => {
    const { store } = await asRecordedWithUsage();
    store.getState().setStep(0);
    renderWithStore(<StepUsageLine step={0} />, store);
    const line = screen.getByLabelText('Usage of this step');
    expect(line.textContent).toContain('(recorded 14,511)');
    // The provider's bill for the call: $0.01686885, not a re-pricing of its tokens.
    expect(line.textContent).toContain('recorded $0.01687');
    expect(line.textContent).toMatch(/est\./);
    expect(line.textContent).toContain('litellm_proxy/claude-sonnet-4-20250514');
    expect(store.getState().estimateErrorOnLog?.calls).toBe(75);
    expect(line.querySelector('[title^="Estimated. On this log"]')).not.toBeNull();
  });
});

describe('RecordedVsEstimate', () => {
  it('states the recorded total and B’s estimate with the error measured on this log', async () => {
    const { store } = await asRecordedWithUsage();
    const measured = store.getState().estimateErrorOnLog!;
    renderWithStore(<RecordedVsEstimate estimatedB={0.9876} />, store);
    const sentence = screen.getByLabelText("Recorded cost and B's estimate").textContent!;
    expect(sentence).toMatch(/^This run: recorded \$1\.344; with configuration B an estimated \$0\.9876 \(±/);
    expect(sentence).toContain(`on this log's ${measured.calls} recorded calls`);
    expect(measured.p95).toBeLessThan(0.03);
  });
});
