/**
 * The app in Debian's Chromium, measured to the paint, with generated logs shaped like real ones
 * (bench/generateLog.ts, realistic) of about 10 MB and 100 MB (BENCH_SIZES in bytes, comma-separated;
 * add 1e9 for a gigabyte), BENCH_RUNS times each (default 5), every run in a fresh browser:
 * - the floor: in a blank page, the picked file read (File.arrayBuffer), decoded and JSON.parsed in
 *   pieces of whole lines (no string holds a gigabyte), its events kept; timed from the input's change;
 * - the import, from the input's change: the first view (step 1's panes painted) and the import done
 *   (stored and replayed, the status line gone), the longest main-thread task meanwhile (Long Tasks
 *   API), and the peak resident memory of the page's renderer (the engine's worker runs inside it);
 * - the engine worker's own heap and backing storage over the whole run, read every second over CDP;
 * - a step change (→), and a max_size change while the tokens are still counted and after: from the
 *   input to the paint, medians and p95 over every run;
 * - the paint floor: in the floor's blank page, a text changed and painted, timed as a step change is.
 * "Shown" is the app's User Timing mark (src/store/shownMarks.ts); "painted" is the first animation
 * frame after it has run (a message posted from that frame's callback runs after its paint).
 * Run with `npm run bench`, or alone: `npx tsx bench/browser.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { KEEP_NAMES, launchBrowser, launchWithProfile, serveApp } from './chromium.ts';
import { eventsForBytes, logFile } from './logFiles.ts';
import { newRenderersPeakMb, rendererPids } from './processMemory.ts';
import { type WorkerHeapPeaks, type WorkerHeapWatch, watchWorkerHeap } from './workerHeap.ts';
import { type Figure, pairedRatios, printFigures, spread } from './stats.ts';

const sizes = (process.env.BENCH_SIZES ?? '10e6,100e6').split(',').map(Number);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const STEP_CHANGES = 10;
const SETTING_CHANGES = 8;

const server = await serveApp('bench-dist', 4327);
const url = server.url;

/** In-page: long tasks and the app's marks as they come, and the time of the file input's change. */
function instrument(page: Page, inputLabel: string): Promise<void> {
  return page.evaluate((label) => {
    const bench = { t0: -1, longTasks: [] as Array<[number, number]>, marks: {} as Record<string, number[]> };
    (window as unknown as { bench: typeof bench }).bench = bench;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask' });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) (bench.marks[entry.name] ??= []).push(entry.startTime);
    }).observe({ type: 'mark' });
    document
      .querySelector(`input[aria-label="${label}"]`)!
      .addEventListener('change', () => (bench.t0 = performance.now()), { capture: true });
  }, inputLabel);
}

/**
 * In-page: waits for the mark `name` made after `after`, then for the frame that paints it; returns
 * that time. Checked once a frame: a mark made during a frame's work is painted by the next one.
 */
function paintedAfter(page: Page, name: string, after: number, timeoutMs: number): Promise<number> {
  return page.evaluate(
    ([mark, since, timeout]) =>
      new Promise<number>((resolve, reject) => {
        const bench = (window as unknown as { bench: { marks: Record<string, number[]> } }).bench;
        const started = performance.now();
        const frame = () => {
          if ((bench.marks[mark] ?? []).some((time) => time >= since)) {
            // Posted from the frame's callback, the message runs once the frame is painted.
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.now());
            channel.port2.postMessage(null);
            return;
          }
          if (performance.now() - started > timeout) reject(new Error(`no ${mark} within ${timeout} ms`));
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    [`inspector:${name}`, after, timeoutMs] as const,
  );
}

const now = (page: Page) => page.evaluate(() => performance.now());

/**
 * The paint floor, in the same blank page: a text changed and painted (measured as the app's changes
 * are, to the frame after the change), STEP_CHANGES times, spaced by a random wait so that the changes
 * fall anywhere between two frames, as a key press does. No step change can paint sooner.
 */
function paintFloor(page: Page): Promise<number[]> {
  return page.evaluate(async (changes) => {
    const shown = document.createElement('p');
    document.body.append(shown);
    const times: number[] = [];
    for (let k = 0; k < changes; k++) {
      await new Promise((resolve) => setTimeout(resolve, 30 + Math.random() * 30));
      const start = performance.now();
      shown.textContent = `step ${k + 2}`;
      times.push(
        await new Promise<number>((resolve) =>
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.now() - start);
            channel.port2.postMessage(null);
          }),
        ),
      );
    }
    return times;
  }, STEP_CHANGES);
}

/** The floor: read, decode and parse the picked file in a blank page, from the input's change; then the paint floor. */
async function floorRun(path: string): Promise<{ ms: number; rendererMb: number; paintMs: number[] }> {
  const before = rendererPids();
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.addInitScript(KEEP_NAMES);
    await page.goto(`${url}bench-blank`);
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.type = 'file';
      input.setAttribute('aria-label', 'floor');
      document.body.append(input);
      const done = new Promise<number>((resolve) =>
        input.addEventListener('change', async () => {
          const started = performance.now();
          const bytes = new Uint8Array(await input.files![0]!.arrayBuffer());
          const decoder = new TextDecoder();
          const events: unknown[] = [];
          for (let start = 0; start < bytes.length;) {
            let end = Math.min(bytes.length, start + 64 * 1024 * 1024);
            end = end === bytes.length ? end : bytes.indexOf(0x0a, end) + 1 || bytes.length;
            const piece = decoder
              .decode(bytes.subarray(start, end))
              .trim()
              .replace(/^\[/, '')
              .replace(/\]$/, '')
              .replace(/,$/, '');
            for (const event of JSON.parse(`[${piece}]`) as unknown[]) events.push(event);
            start = end;
          }
          if (events.length === 0) throw new Error('nothing parsed');
          resolve(performance.now() - started);
        }),
      );
      (window as unknown as { floor: Promise<number> }).floor = done;
    });
    await page.setInputFiles('input[aria-label="floor"]', path);
    const ms = await page.evaluate(() => (window as unknown as { floor: Promise<number> }).floor);
    const rendererMb = newRenderersPeakMb(before);
    return { ms, rendererMb, paintMs: await paintFloor(page) };
  } finally {
    await browser.close();
  }
}

interface AppRun {
  readonly firstViewMs: number;
  readonly importMs: number;
  readonly longestTaskMs: number;
  readonly rendererMb: number;
  /** The renderer's peak over the whole run: the import, then the background work (tokens, usage, facts lost) beside the changes. */
  readonly rendererRunMb: number;
  /** The engine worker's own heap over the same run (null if it could not be read). */
  readonly workerHeap: WorkerHeapPeaks | null;
  readonly steps: number[];
  readonly settingsCounting: number[];
  readonly settingsCounted: number[];
  readonly label: string;
  /** The session opened again from storage in a fresh browser on the same profile. */
  readonly reopenMs: number;
  readonly reopenRendererMb: number;
}

/** Sets the first max_size field (the way typing does) and returns the time it was set. */
function setMaxSize(page: Page, value: number): Promise<number> {
  return page.evaluate((maxSize) => {
    const input = document.querySelector<HTMLInputElement>('.config-form input[type="number"][min="2"]');
    if (!input) throw new Error('no max_size field on the page');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const start = performance.now();
    setValue.call(input, String(maxSize));
    input.dispatchEvent(new Event('input', { bubbles: true }));
    return start;
  }, value);
}

const tokensCounted = (page: Page, since: number) =>
  page.evaluate(
    (after) =>
      (
        (window as unknown as { bench: { marks: Record<string, number[]> } }).bench.marks['inspector:tokens'] ?? []
      ).some((time) => time >= after),
    since,
  );

/**
 * The imported session opened again from storage, in a fresh browser on the same profile (a new
 * renderer, so its peak is the reopening's): the app opens the most recent session as it starts; from
 * the page's load to that session's step shown.
 */
async function reopenRun(profileDir: string, name: string): Promise<{ ms: number; rendererMb: number }> {
  const before = rendererPids();
  const context = await launchWithProfile(profileDir);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript(KEEP_NAMES);
    const start = performance.now();
    await page.goto(url);
    await page.locator('.session-header h2', { hasText: name }).waitFor({ timeout: 900_000 });
    await page.getByText(/^Step \d+ of \d+$/).waitFor({ timeout: 900_000 });
    return { ms: performance.now() - start, rendererMb: newRenderersPeakMb(before) };
  } finally {
    await context.close();
  }
}

async function appRun(path: string, name: string): Promise<AppRun> {
  const before = rendererPids();
  const profileDir = mkdtempSync(join(tmpdir(), 'bench-profile-'));
  const context = await launchWithProfile(profileDir);
  let run: Omit<AppRun, 'reopenMs' | 'reopenRendererMb'>;
  let workerHeap: WorkerHeapWatch | null = null;
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    workerHeap = await watchWorkerHeap(context, page);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(KEEP_NAMES);
    await page.goto(url);
    await page.getByText(/^Step \d+ of \d+$/).waitFor({ timeout: 60_000 });
    // The sample session has finished opening (its tokens counted): the import is timed alone.
    await page
      .getByText(/^[\d,]+ tok$/)
      .first()
      .waitFor({ timeout: 60_000 });
    await instrument(page, 'Event log or session file');
    await page.getByLabel('Event log or session file').setInputFiles(path);
    const t0 = await page
      .waitForFunction(() => (window as unknown as { bench: { t0: number } }).bench.t0)
      .then((handle) => handle.jsonValue() as Promise<number>);
    const firstView = await paintedAfter(page, 'step', t0, 900_000);
    await page.locator('.session-header h2', { hasText: name }).waitFor({ timeout: 900_000 });
    const imported = await paintedAfter(page, 'import', t0, 900_000);
    const longest = await page.evaluate(
      ([from, to]) =>
        Math.max(
          0,
          ...(window as unknown as { bench: { longTasks: Array<[number, number]> } }).bench.longTasks
            .filter(([start]) => start >= from && start <= to)
            .map(([, duration]) => duration),
        ),
      [t0, imported] as const,
    );
    const rendererMb = newRenderersPeakMb(before);
    const label = (await page.getByText(/^Step \d+ of \d+$/).textContent()) ?? '';

    // Step changes, as recorded (the mode a log that condensed opens in).
    const steps: number[] = [];
    for (let k = 0; k < STEP_CHANGES; k++) {
      const start = await page.evaluate(() => {
        const at = performance.now();
        window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
        return at;
      });
      steps.push((await paintedAfter(page, 'step', start, 60_000)) - start);
    }

    // Settings are the replay's own as recorded: re-simulate first (with the log's own summaries).
    const switched = await now(page);
    await page.getByRole('radio', { name: 'Re-simulate' }).check();
    await paintedAfter(page, 'replay', switched, 600_000);
    const settingsCounting: number[] = [];
    const settingsCounted: number[] = [];
    const values = [110, 90, 100, 80, 120, 95, 105, 85, 115, 75];
    for (let k = 0; k < SETTING_CHANGES; k++) {
      const counting = !(await tokensCounted(page, t0));
      const start = await setMaxSize(page, values[k % values.length]!);
      const ms = (await paintedAfter(page, 'replay', start, 600_000)) - start;
      (counting ? settingsCounting : settingsCounted).push(ms);
    }
    if (settingsCounted.length < 3) {
      await paintedAfter(page, 'tokens', t0, 900_000);
      for (let k = 0; k < SETTING_CHANGES; k++) {
        const start = await setMaxSize(page, values[(k + 3) % values.length]!);
        settingsCounted.push((await paintedAfter(page, 'replay', start, 600_000)) - start);
      }
    }
    if (errors.length) throw new Error(`page errors: ${errors.join(' | ')}`);
    // The high-water mark so far: the background work has run beside the changes, the tokens are counted.
    const rendererRunMb = newRenderersPeakMb(before);
    run = {
      rendererRunMb,
      workerHeap: await workerHeap.stop(),
      firstViewMs: firstView - t0,
      importMs: imported - t0,
      longestTaskMs: longest,
      rendererMb,
      steps,
      settingsCounting,
      settingsCounted,
      label,
    };
  } finally {
    // Stopped here too when the run failed, or its timer would keep the process alive.
    await workerHeap?.stop();
    await context.close();
  }
  // The profile holds the imported log's stored copy (about 1 GB at the largest size): not left behind.
  const reopened = await reopenRun(profileDir, name).finally(() =>
    rmSync(profileDir, { recursive: true, force: true }),
  );
  return { ...run, reopenMs: reopened.ms, reopenRendererMb: reopened.rendererMb };
}

/** The engine worker's heap peaks (whole run), where every run could read them. */
function workerHeapFigures(peaks: readonly (WorkerHeapPeaks | null)[]): Figure[] {
  const read = peaks.filter((peak): peak is WorkerHeapPeaks => peak !== null);
  if (read.length < peaks.length) {
    console.log(`  (the engine worker's heap was read in ${read.length} of ${peaks.length} runs: not shown)`);
    return [];
  }
  return [
    {
      name: 'engine worker heap in use, peak',
      unit: 'MB',
      measured: spread(read.map((peak) => peak.usedMb)),
      note: `read every second; V8 held up to ${spread(read.map((peak) => peak.totalMb)).median.toFixed(0)} MB (median)`,
    },
    {
      name: 'engine worker backing storage, peak',
      unit: 'MB',
      measured: spread(read.map((peak) => peak.backingMb)),
      note: 'array buffers and external strings, outside the heap',
    },
  ];
}

try {
  for (const target of sizes) {
    const events = eventsForBytes(target, { realistic: true });
    const { path, bytes } = logFile(events, { realistic: true });
    const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.json$/, '');
    const floors: Array<{ ms: number; rendererMb: number; paintMs: number[] }> = [];
    const apps: AppRun[] = [];
    for (let run = 0; run < runs; run++) {
      floors.push(await floorRun(path));
      apps.push(await appRun(path, name));
    }
    const fileMb = bytes / 1e6;
    const floor = spread(floors.map((f) => f.ms));
    const ratioTarget = fileMb > 500 ? 1.3 : fileMb > 50 ? 1.5 : null;
    const versusFloor = (name: string, values: number[], target: number | null): Figure => ({
      name,
      unit: 'ms',
      measured: spread(values),
      floor: {
        measured: floor,
        ratios: pairedRatios(
          values,
          floors.map((f) => f.ms),
        ),
        target,
      },
    });
    const all = (pick: (run: AppRun) => number[]) => apps.flatMap(pick);
    const underTwoGb = fileMb > 500 ? { limit: { value: 2000, of: 'max' as const } } : {};
    const figures: Figure[] = [
      versusFloor(
        'first view painted',
        apps.map((run) => run.firstViewMs),
        null,
      ),
      versusFloor(
        'import done',
        apps.map((run) => run.importMs),
        ratioTarget,
      ),
      {
        name: 'longest main-thread task',
        unit: 'ms',
        measured: spread(apps.map((run) => run.longestTaskMs)),
        limit: { value: 100, of: 'max' },
      },
      {
        name: 'renderer peak resident',
        unit: 'MB',
        measured: spread(apps.map((run) => run.rendererMb)),
        note: `floor's renderer ${spread(floors.map((f) => f.rendererMb)).median.toFixed(0)} MB${fileMb > 500 ? '; target < 2 GB' : ''}`,
        ...underTwoGb,
      },
      {
        name: 'renderer peak, whole run',
        unit: 'MB',
        measured: spread(apps.map((run) => run.rendererRunMb)),
        note: 'the import, then background work beside the step and setting changes',
        ...underTwoGb,
      },
      ...workerHeapFigures(apps.map((run) => run.workerHeap)),
      {
        name: 'step change (→) painted',
        unit: 'ms',
        measured: spread(all((run) => run.steps)),
        limit: { value: 16, of: 'p95' },
      },
      {
        name: 'paint floor: a text changed, painted',
        unit: 'ms',
        measured: spread(floors.flatMap((f) => f.paintMs)),
        note: `p95 ${spread(floors.flatMap((f) => f.paintMs)).p95.toFixed(0)} ms; in the blank page, measured as the step change is: no change paints sooner`,
      },
      {
        name: 'session reopened, step painted',
        unit: 'ms',
        measured: spread(apps.map((run) => run.reopenMs)),
        note: 'from the page load in a fresh browser (the app opens the latest session)',
      },
      {
        name: 'renderer peak, reopening',
        unit: 'MB',
        measured: spread(apps.map((run) => run.reopenRendererMb)),
        ...underTwoGb,
        ...(fileMb > 500 ? { note: 'target < 2 GB' } : {}),
      },
    ];
    const counting = all((run) => run.settingsCounting);
    if (counting.length)
      figures.push({
        name: 'max_size change, tokens counting',
        unit: 'ms',
        measured: spread(counting),
        ...(fileMb > 50 ? { limit: { value: 100, of: 'p95' as const } } : {}),
      });
    figures.push({
      name: 'max_size change, tokens counted',
      unit: 'ms',
      measured: spread(all((run) => run.settingsCounted)),
      ...(fileMb > 50 ? { limit: { value: 100, of: 'p95' as const } } : {}),
    });
    printFigures(
      `browser, ${fileMb.toFixed(0)} MB (${events.toLocaleString('en-US')} events; ${apps[0]!.label}); floor = read + decode + JSON.parse in a blank page`,
      figures,
    );
    if (!counting.length) console.log('  (the tokens were counted before the first max_size change)');
  }
} finally {
  await server.close();
}
