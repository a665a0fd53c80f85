/**
 * The engine worker's own V8 heap over a run, read every second over CDP: the renderer's resident
 * memory alone does not say whether the page, the worker's live data, or the garbage V8 lets pile up
 * between full collections fills it. Playwright gives no session for a dedicated worker, so the
 * page's session attaches to it (unflattened) and asks through Target.sendMessageToTarget.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

export interface WorkerHeapPeaks {
  /** Peak of the heap in use (live data and garbage not yet collected), MB. */
  readonly usedMb: number;
  /** Peak of the heap V8 had reserved, MB. */
  readonly totalMb: number;
  /** Peak of array buffers and external strings (outside the heap), MB. */
  readonly backingMb: number;
}

interface HeapUsage {
  usedSize: number;
  totalSize: number;
  backingStorageSize?: number;
}

export interface WorkerHeapWatch {
  /** Stops watching (one last reading first; once, whoever asks again); the peaks seen, or null if no worker answered. */
  stop(): Promise<WorkerHeapPeaks | null>;
}

const ASK_TIMEOUT_MS = 2000;

export async function watchWorkerHeap(context: BrowserContext, page: Page, everyMs = 1000): Promise<WorkerHeapWatch> {
  const cdp: CDPSession = await context.newCDPSession(page);
  const workers = new Set<string>();
  const waiting = new Map<number, (usage: HeapUsage | null) => void>();
  let nextId = 1;
  cdp.on('Target.attachedToTarget', (event) => {
    if (event.targetInfo.type === 'worker') workers.add(event.sessionId);
  });
  cdp.on('Target.detachedFromTarget', (event) => {
    if (event.sessionId) workers.delete(event.sessionId);
  });
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    const message = JSON.parse(event.message) as { id?: number; result?: HeapUsage };
    if (message.id === undefined) return;
    waiting.get(message.id)?.(message.result ?? null);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });

  const heapOf = (sessionId: string) =>
    new Promise<HeapUsage | null>((resolve) => {
      const id = nextId++;
      // Answered, timed out or refused: settled once, its timer cleared either way.
      const settle = (usage: HeapUsage | null) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(usage);
      };
      const timer = setTimeout(() => settle(null), ASK_TIMEOUT_MS);
      waiting.set(id, settle);
      const message = JSON.stringify({ id, method: 'Runtime.getHeapUsage' });
      cdp.send('Target.sendMessageToTarget', { sessionId, message }).catch(() => settle(null));
    });

  const peaks = { usedMb: 0, totalMb: 0, backingMb: 0 };
  const sample = async () => {
    for (const sessionId of [...workers]) {
      const usage = await heapOf(sessionId);
      if (!usage) continue;
      peaks.usedMb = Math.max(peaks.usedMb, usage.usedSize / 1e6);
      peaks.totalMb = Math.max(peaks.totalMb, usage.totalSize / 1e6);
      peaks.backingMb = Math.max(peaks.backingMb, (usage.backingStorageSize ?? 0) / 1e6);
    }
  };
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(sample);
  }, everyMs);

  let stopped: Promise<WorkerHeapPeaks | null> | null = null;
  return {
    stop() {
      return (stopped ??= (async () => {
        clearInterval(timer);
        await sampling;
        await sample();
        await cdp.detach().catch(() => {});
        return peaks.totalMb > 0 ? { ...peaks } : null;
      })());
    },
  };
}
