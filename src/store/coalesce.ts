/**
 * Runs `task` now, or once more after the current run when asked again meanwhile: a slider dragged
 * across fifty values costs two replays, not fifty, and the last one always uses the latest settings.
 */
export function coalesce(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  return () => {
    again = true;
    running ??= (async () => {
      try {
        while (again) {
          again = false;
          await task();
        }
      } finally {
        running = null;
      }
    })();
    return running;
  };
}
