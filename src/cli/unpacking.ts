import type { ExpandOptions } from '../formats/index.ts';

/** At most this often the progress line is redrawn. */
const REDRAW_MS = 100;

/**
 * How the command line unpacks an archive: a pause now and then (the sweep's workers are answered
 * meanwhile), and, on a terminal, "unpacking run.tar.gz: 45% of 120 MB" redrawn in place on stderr.
 */
export function cliUnpacking(
  name: string,
  terminal: ((text: string) => void) | null,
): ExpandOptions & { done(): void } {
  let last = 0;
  let drawn = false;
  return {
    pace: async (done, total) => {
      const now = performance.now();
      if (terminal && now - last >= REDRAW_MS) {
        last = now;
        drawn = true;
        terminal(
          `\runpacking ${name}: ${Math.round((100 * done) / total)}% of ${Math.max(1, Math.round(total / 1e6))} MB`,
        );
      }
      await new Promise((resolve) => setImmediate(resolve));
    },
    done() {
      // Clears the line for what follows.
      if (drawn) terminal?.('\r\u001b[K');
    },
  };
}
