import type { AnyParsedLog } from '../formats/index.ts';
import type { InspectedLog } from './inspectedLog.ts';
import { openSdkLog } from './sdk/openSdkLog.ts';
import { openV0Log } from './v0/openV0Log.ts';

/** A parsed log of either engine, opened for inspection. */
export function openLog(parsed: AnyParsedLog): InspectedLog {
  return parsed.flavor === 'sdk' ? openSdkLog(parsed) : openV0Log(parsed);
}

/** Every event's token count with the counter, as the host and the commands load them. */
export function countAllTokens(
  log: InspectedLog,
  countText: (text: string) => number,
): { counts: Uint32Array; countText: (text: string) => number } {
  const counts = new Uint32Array(log.ids.length);
  log.countTokens(countText, 0, counts.length, counts);
  return { counts, countText };
}
