import { join } from 'node:path';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FactsLost } from '../../../src/ui/quality/FactsLost.tsx';
import { settledStore } from '../../helpers/appStore.ts';
import { replayCli, scratchFiles } from '../../helpers/cli.ts';
import { SAMPLE_SESSIONS } from '../../helpers/logs.ts';
import { renderWithStore, showStep } from '../../helpers/render.tsx';

const { file } = scratchFiles('facts-lost-');
const REAL_185 = join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json');

describe('FactsLost', () => {
  it('lists the facts used at a step that its view had lost, as `replay --quality` counts them, and where each went', async () => {
    // Once the store has settled: the replay runs again when the tokens are counted, and facts lost with it.
    const { store } = await settledStore();
    await waitFor(() => expect(store.getState().quality).not.toBeNull());
    const quality = store.getState().quality!;
    // The same figures as the CLI's trace of the same replay (the sample's configuration, its own summaries).
    const config = file('config.json', JSON.stringify(store.getState().config));
    const cli = JSON.parse(replayCli(REAL_185, '--config', config, '--log-summaries', '--quality').stdout) as {
      quality: unknown;
      steps: Array<{ quality?: { missing_used: string[] } }>;
    };
    expect(quality.total).toEqual(cli.quality);
    expect(quality.steps.map((q) => q?.missing_used ?? null)).toEqual(
      cli.steps.map((s) => s.quality?.missing_used ?? null),
    );

    const lossy = quality.steps.findIndex((q) => (q?.missing_used.length ?? 0) > 0);
    expect(lossy).toBeGreaterThan(0);
    await showStep(store, lossy);
    const onShowCondensation = vi.fn();
    renderWithStore(<FactsLost onShowCondensation={onShowCondensation} />, store);
    const fact = quality.steps[lossy]!.missing_used[0]!;
    fireEvent.click(screen.getByRole('button', { name: fact }));
    const origin = await screen.findByLabelText('Where the fact went');
    expect(origin.textContent).toMatch(new RegExp(`was last in event \\d+`));
    const forgottenBy = store.getState().factOrigin!.forgottenBy;
    if (forgottenBy !== null) {
      fireEvent.click(screen.getByRole('button', { name: `condensation ${String(forgottenBy)}` }));
      expect(onShowCondensation).toHaveBeenCalledWith(forgottenBy);
    }
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`^Step ${lossy + 1}:`) }));
    expect(store.getState().step).toBe(lossy);
    // It runs the replay command beside the store: seconds on a loaded machine.
  }, 60_000);
});
