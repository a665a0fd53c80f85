import { readLogInput } from '../../src/cli/readInput.ts';
import type { Inspector } from '../../src/inspect/inspector.ts';
import type { ReplayOutcome } from '../../src/inspect/types.ts';

/** What a message between threads does to a value: structured clone, with the buffers transferred. */
export const acrossThreads = <T>(value: T, transfer: ArrayBuffer[]): T => structuredClone(value, { transfer });

/** The log at `path` opened in `host` and replayed as recorded (placeholders for missing answers). */
export async function replayedAsRecorded(host: Inspector, path: string): Promise<Extract<ReplayOutcome, { ok: true }>> {
  await host.open({ input: readLogInput(path), instance: null });
  const outcome = await host.replay({ config: null, mode: 'recorded', answers: {}, onMissing: 'placeholder' });
  if (!outcome.ok) throw new Error(outcome.configError);
  return outcome;
}
