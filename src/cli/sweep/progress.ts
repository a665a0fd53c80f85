import type { PoolProgress } from './pool.ts';

const BAR_WIDTH = 24;

/** `12,345`: counts read at a glance. */
const grouped = (value: number) => Math.round(value).toLocaleString('en-US');

/**
 * The sweep's progress on stderr: on a terminal a bar redrawn in place every tenth of a second,
 * otherwise a line a second; always a last line with the throughput (replays, and configurations ×
 * events, per second), which the benchmark reads.
 */
export function sweepProgress(
  configs: number,
  terminal: boolean,
  write: (text: string) => void,
  clock: () => number = () => performance.now(),
): (state: PoolProgress, errors: number) => void {
  const started = clock();
  // The first report comes after a second (or a tenth on a terminal), not at once.
  let lastReport = started;
  return (state, errors) => {
    const now = clock();
    if (!state.finished && now - lastReport < (terminal ? 100 : 1000)) return;
    lastReport = now;
    const seconds = (now - started) / 1000;
    const rate = (count: number) => (seconds > 0 ? count / seconds : 0);
    const more = state.allQueued ? '' : '+';
    if (!state.finished && terminal) {
      const share = state.queuedReplays ? state.replays / state.queuedReplays : 0;
      const filled = Math.round(share * BAR_WIDTH);
      write(
        `\rsweep [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${state.replays}/${state.queuedReplays}${more} replays · ${seconds.toFixed(1)} s · ${errors} errors\u001b[K`,
      );
      return;
    }
    const line = `sweep: ${state.replays}/${state.queuedReplays}${more} replays (${state.instances} instance${state.instances === 1 ? '' : 's'} × ${configs} configuration${configs === 1 ? '' : 's'}) in ${seconds.toFixed(1)} s · ${rate(state.replays).toFixed(1)} replays/s · ${grouped(rate(state.configEvents))} configs×events/s · ${errors} errors`;
    write(`${terminal ? '\r' : ''}${line}${terminal ? '\u001b[K' : ''}\n`);
  };
}
