import { Worker } from 'node:worker_threads';
import type { SweepRow } from '../../formats/index.ts';
import type { SweepJob, SweepSettings } from './types.ts';

export interface WorkerReply {
  readonly index: number;
  readonly rows?: readonly SweepRow[];
  readonly fatal?: string;
}

/**
 * Runs jobs on `count` worker threads, a few at a time each (the job source is read only as fast as
 * the workers go, so an eval file of any size never sits in memory), and hands back rows in job order.
 */
export async function runPool(
  entry: URL,
  count: number,
  settings: SweepSettings,
  jobs: AsyncIterable<SweepJob>,
  onRows: (rows: readonly SweepRow[]) => void,
  onProgress: (done: number, queued: number, finished: boolean) => void,
): Promise<void> {
  const workers = Array.from(
    { length: count },
    () => new Worker(entry, { workerData: { role: 'sweep-worker', settings } }),
  );
  const idle: Worker[] = [...workers];
  const waiting: Array<() => void> = [];
  const finished = new Map<number, readonly SweepRow[]>();
  let next = 0;
  let queued = 0;
  let done = 0;
  let failure: Error | null = null;
  let settle: (() => void) | null = null;

  const release = (worker: Worker) => {
    idle.push(worker);
    waiting.shift()?.();
  };
  const flush = () => {
    while (finished.has(next)) {
      onRows(finished.get(next)!);
      finished.delete(next++);
    }
  };
  for (const worker of workers) {
    worker.on('message', (reply: WorkerReply) => {
      if (reply.fatal) failure ??= new Error(reply.fatal);
      finished.set(reply.index, reply.rows ?? []);
      done++;
      try {
        flush();
        onProgress(done, queued, false);
      } catch (error) {
        // Rows that cannot be written (a full disk, a closed pipe) end the sweep: no more work is sent.
        failure ??= error instanceof Error ? error : new Error(String(error));
        settle?.();
        waiting.splice(0).forEach((wake) => wake());
        return;
      }
      release(worker);
      if (done === queued) settle?.();
    });
    worker.on('error', (error) => {
      failure ??= error;
      settle?.();
      waiting.splice(0).forEach((wake) => wake());
    });
  }
  try {
    for await (const job of jobs) {
      if (failure) break;
      if (idle.length === 0) await new Promise<void>((wake) => waiting.push(wake));
      if (failure) break;
      const worker = idle.pop()!;
      queued++;
      worker.postMessage(job);
    }
    if (!failure && done < queued) await new Promise<void>((resolve) => (settle = resolve));
    onProgress(done, queued, true);
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  if (failure) throw failure;
}
