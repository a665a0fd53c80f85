import { runReplayCommand } from './replayCommand.ts';
import { outputFailure, writeAllSync } from './resultFile.ts';

/** Writes to a file descriptor to the end; stderr failing too leaves nothing to tell. */
function writeAll(fd: number, text: string): void {
  try {
    writeAllSync(fd, text);
  } catch (error) {
    if (fd !== 2) throw outputFailure(error, 'the trace to standard output');
  }
}

// Whatever escapes (a failure in a callback, a rejected promise nobody awaited) still ends the
// command the contracted way: one line on stderr, exit status 2.
const crash = (error: unknown) => {
  writeAll(
    2,
    `replay: unexpected failure: ${String(error instanceof Error ? error.message : error)
      .replace(/\s+/g, ' ')
      .slice(0, 300)}\n`,
  );
  process.exit(2);
};
process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);

process.exitCode = await runReplayCommand(process.argv.slice(2), {
  stdout: (text) => writeAll(1, text),
  stderr: (text) => writeAll(2, text),
  ...(process.stderr.isTTY ? { terminal: (text: string) => writeAll(2, text) } : {}),
});
