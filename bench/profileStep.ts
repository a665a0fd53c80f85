/**
 * Where a step change spends its time: every engine request the page makes during one → (method,
 * time from posting to its answer, and the answer's arrival to the step's paint), on the bundled sample or a
 * generated log (BENCH_PROFILE_BYTES). With BENCH_TRACE=file, a Chrome trace of the last changes.
 * Run with `npx tsx bench/profileStep.ts`.
 */
import { writeFileSync } from 'node:fs';
import { launchWithProfile, KEEP_NAMES, serveApp } from './chromium.ts';
import { eventsForBytes, logFile } from './logFiles.ts';
import { scratchDir } from './scratchDir.ts';

const BYTES = Number(process.env.BENCH_PROFILE_BYTES ?? 0);
const MODE = process.env.BENCH_PROFILE_MODE ?? 'As recorded';

function noteRequests() {
  const Original = window.Worker;
  const log: Array<{ method: string; posted: number; answered: number; bytes: number }> = [];
  (window as unknown as { requests: typeof log }).requests = log;
  window.Worker = class extends Original {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      const open = new Map<number, (typeof log)[number]>();
      this.addEventListener('message', (event: MessageEvent) => {
        const entry = open.get(event.data?.id);
        if (entry && !('progress' in event.data)) {
          entry.answered = performance.now();
          open.delete(event.data.id);
        }
      });
      const post = this.postMessage.bind(this);
      this.postMessage = ((message: { id?: number; method?: string }, transfer?: Transferable[]) => {
        if (message?.method) {
          const entry = { method: message.method, posted: performance.now(), answered: NaN, bytes: 0 };
          log.push(entry);
          open.set(message.id!, entry);
        }
        post(message, transfer ?? []);
      }) as Worker['postMessage'];
    }
  };
}

const server = await serveApp('bench-profile-dist', 4357, { minify: false });
const context = await launchWithProfile(scratchDir('bench-profile-'));
try {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.addInitScript(KEEP_NAMES);
  await page.addInitScript(noteRequests);
  await page.goto(server.url);
  await page.getByText(/^Step \d+ of \d+$/).waitFor({ timeout: 60_000 });
  if (BYTES) {
    const { path } = logFile(eventsForBytes(BYTES, { realistic: true }), { realistic: true });
    const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.json$/, '');
    await page.getByLabel('Event log or session file').setInputFiles(path);
    await page.locator('.session-header h2', { hasText: name }).waitFor({ timeout: 900_000 });
  }
  await page.getByRole('radio', { name: MODE }).check();
  await page.waitForTimeout(3000);
  // Tokens counted, usage estimated: the step change is measured alone.
  await page.waitForTimeout(Number(process.env.BENCH_PROFILE_SETTLE ?? 5000));
  const cdp = process.env.BENCH_CPU ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  if (process.env.BENCH_TRACE)
    await context.browser()?.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'blink.user_timing',
        // BENCH_TRACE_CPU=1: sampled stacks of every thread, the engine's worker included.
        ...(process.env.BENCH_TRACE_CPU ? ['disabled-by-default-v8.cpu_profiler', 'disabled-by-default-v8.gc'] : []),
      ],
    });
  for (let k = 0; k < 6 && process.env.BENCH_PROFILE_ACTION === 'setting'; k++) {
    const result = await page.evaluate(async (maxSize) => {
      const requests = (window as unknown as { requests: Array<{ method: string; posted: number; answered: number }> })
        .requests;
      requests.length = 0;
      const input = document.querySelector<HTMLInputElement>('.config-form input[type="number"][min="2"]')!;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      const start = performance.now();
      setValue.call(input, String(maxSize));
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise<void>((resolve) => {
        const check = () => {
          if (performance.getEntriesByName('inspector:replay').some((mark) => mark.startTime > start)) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const painted = performance.now() - start;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return {
        painted,
        requests: requests.map(
          (r) => `${r.method} +${(r.posted - start).toFixed(0)}..${(r.answered - start).toFixed(0)}`,
        ),
      };
    }, [110, 90, 100, 80, 120, 95][k]!);
    console.log(`painted ${result.painted.toFixed(0)} ms: ${result.requests.join(', ')}`);
  }
  for (let k = 0; k < 6 && process.env.BENCH_PROFILE_ACTION !== 'setting'; k++) {
    const result = await page.evaluate(async () => {
      const requests = (window as unknown as { requests: Array<{ method: string; posted: number; answered: number }> })
        .requests;
      requests.length = 0;
      // The step the messages pane shows: the one whose messages it holds (a slow answer moves the step label first).
      const label = () => document.querySelector('.transcript-scroll')?.getAttribute('data-step') ?? '';
      const before = label();
      const start = performance.now();
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
      await new Promise<void>((resolve) => {
        const check = () => {
          const pane = document.querySelector('.transcript-scroll');
          if (label() !== before && pane?.getAttribute('aria-busy') === 'false') resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const painted = performance.now() - start;
      await new Promise((resolve) => setTimeout(resolve, 300));
      return {
        painted,
        requests: requests.map(
          (r) => `${r.method} +${(r.posted - start).toFixed(0)}..${(r.answered - start).toFixed(0)}`,
        ),
      };
    });
    console.log(`painted ${result.painted.toFixed(0)} ms: ${result.requests.join(', ')}`);
  }
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(process.env.BENCH_CPU!, JSON.stringify(profile));
  }
  if (process.env.BENCH_TRACE) {
    const buffer = await context.browser()!.stopTracing();
    writeFileSync(process.env.BENCH_TRACE, buffer);
  }
} finally {
  await context.close();
  await server.close();
}
