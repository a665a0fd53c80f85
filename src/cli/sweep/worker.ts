import { parentPort, workerData } from 'node:worker_threads';
import { Inspector } from '../../inspect/index.ts';
import type { WorkerReply } from './pool.ts';
import { replayInstance } from './replayInstance.ts';
import type { SweepJob, SweepSettings } from './types.ts';

/** A sweep worker: one engine host, reused for every job it is given; it tells each replay done, for the progress bar. */
export function runSweepWorker(): void {
  const settings = (workerData as { settings: SweepSettings }).settings;
  const host = new Inspector();
  parentPort!.on('message', (job: SweepJob) => {
    const replayed = () => parentPort!.postMessage({ index: job.index, replayed: 1 } satisfies WorkerReply);
    replayInstance(host, job, settings, replayed).then(
      ({ rows, events }) => parentPort!.postMessage({ index: job.index, rows, events } satisfies WorkerReply),
      (error: unknown) =>
        parentPort!.postMessage({
          index: job.index,
          fatal: error instanceof Error ? (error.stack ?? error.message) : String(error),
        } satisfies WorkerReply),
    );
  });
}
