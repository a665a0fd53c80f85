import { Worker } from 'node:worker_threads';
import type { SweepRow } from '../../formats/index.ts';
import type { SweepJob, SweepSettings } from './types.ts';

export interface WorkerReply {
  readonly index: number;
  /** Told once per configuration replayed, before the job's rows. */
  readonly replayed?: number;
  readonly rows?: readonly SweepRow[];
  /** The instance's events (0 when it could not be read). */
  readonly events?: number;
  readonly fatal?: string;
}

/** Where a sweep stands, for its progress line. */
export interface PoolProgress {
  /** Replays done, and replays of the jobs queued so far. */
  readonly replays: number;
  readonly queuedReplays: number;
  /** Instances whose every configuration is done, and instances queued so far. */
  readonly instances: number;
  readonly queuedInstances: number;
  /** Configurations × events of the replays finished: what the throughput counts. */
  readonly configEvents: number;
  /** True once every job has been read from the source (the totals are then final). */
  readonly allQueued: boolean;
  readonly finished: boolean;
}

/**
 * With this many configurations or more, an instance is split between the workers (each replays a
 * share of the configurations): one log under a big grid then uses every core. Fewer configurations
 * keep an instance on one worker, which opens it once.
 */
export const SPLIT_FROM_CONFIGS = 8;

/** Splits an instance's job into one per share of the configurations. */
function parts(job: SweepJob, configs: number, workers: number): Omit<SweepJob, 'index'>[] {
  const shares = configs >= SPLIT_FROM_CONFIGS ? Math.min(workers, configs) : 1;
  if (shares === 1) return [job];
  const size = Math.ceil(configs / shares);
  return Array.from({ length: Math.ceil(configs / size) }, (_, k) => ({
    ...job,
    configs: { from: k * size, to: Math.min(configs, (k + 1) * size) },
  }));
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
  onProgress: (progress: PoolProgress) => void,
): Promise<void> {
  const workers = Array.from(
    { length: count },
    () => new Worker(entry, { workerData: { role: 'sweep-worker', settings } }),
  );
  const configs = settings.configs.length;
  const idle: Worker[] = [...workers];
  const waiting: Array<() => void> = [];
  const finished = new Map<number, readonly SweepRow[]>();
  /** Per part: its configurations, and the parts of its instance still running. */
  const partConfigs = new Map<number, number>();
  const instanceOf = new Map<number, { remaining: number }>();
  let next = 0;
  let queued = 0;
  let done = 0;
  const counts = { replays: 0, queuedReplays: 0, instances: 0, queuedInstances: 0, configEvents: 0 };
  let allQueued = false;
  let failure: Error | null = null;
  let settle: (() => void) | null = null;

  const report = (final: boolean) => onProgress({ ...counts, allQueued, finished: final });
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
  const stop = (error: unknown) => {
    failure ??= error instanceof Error ? error : new Error(String(error));
    settle?.();
    waiting.splice(0).forEach((wake) => wake());
  };
  for (const worker of workers) {
    worker.on('message', (reply: WorkerReply) => {
      if (reply.replayed) {
        counts.replays += reply.replayed;
        try {
          report(false);
        } catch (error) {
          stop(error);
        }
        return;
      }
      if (reply.fatal) failure ??= new Error(reply.fatal);
      finished.set(reply.index, reply.rows ?? []);
      counts.configEvents += (reply.events ?? 0) * partConfigs.get(reply.index)!;
      const instance = instanceOf.get(reply.index)!;
      if (--instance.remaining === 0) counts.instances++;
      done++;
      try {
        flush();
        report(false);
      } catch (error) {
        // Rows that cannot be written (a full disk, a closed pipe) end the sweep: no more work is sent.
        stop(error);
        return;
      }
      release(worker);
      if (done === queued && allQueued) settle?.();
    });
    worker.on('error', stop);
  }
  try {
    sending: for await (const job of jobs) {
      const shares = parts(job, configs, count);
      const instance = { remaining: shares.length };
      counts.queuedInstances++;
      for (const part of shares) {
        if (failure) break sending;
        if (idle.length === 0) await new Promise<void>((wake) => waiting.push(wake));
        if (failure) break sending;
        const worker = idle.pop()!;
        const index = queued++;
        const share = part.configs ? part.configs.to - part.configs.from : configs;
        partConfigs.set(index, share);
        instanceOf.set(index, instance);
        counts.queuedReplays += share;
        worker.postMessage({ ...part, index });
      }
    }
    allQueued = true;
    if (!failure && done < queued) await new Promise<void>((resolve) => (settle = resolve));
    report(true);
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  if (failure) throw failure;
}
