import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, strToU8, zipSync } from 'fflate';
import { packTar } from 'modern-tar';
import { REAL_LOGS } from './logs.ts';

/** The events of a sample SDK conversation folder, in order, as the SDK wrote them. */
export function sdkConversationEvents(folder: string): unknown[] {
  const dir = join(REAL_LOGS, folder, 'events');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as unknown);
}

/**
 * A V1 web UI download built from a sample conversation, laid out as OpenHands writes it
 * (live_status_app_conversation_service.py: meta.json, then event_{i:06d}_{event.id}.json).
 */
export function uiDownloadZip(folder: string, meta: Record<string, unknown>): Uint8Array {
  const files: Record<string, Uint8Array> = { 'meta.json': strToU8(JSON.stringify(meta, null, 2)) };
  sdkConversationEvents(folder).forEach((event, i) => {
    const id = (event as { id: string }).id;
    files[`event_${String(i).padStart(6, '0')}_${id}.json`] = strToU8(JSON.stringify(event, null, 2));
  });
  return zipSync(files);
}

/** The multi-swe-bench sample's three instances, with what an evaluation adds: SWE-bench's resolved flag. */
export function multiInstanceJsonl(resolved: readonly (boolean | null)[]): string {
  const lines = readFileSync(join(REAL_LOGS, 'v0_openhands_multi-swe-bench_example_output.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim());
  return lines
    .map((line, i) => {
      const record = JSON.parse(line) as { test_result: Record<string, unknown> };
      const flag = resolved[i];
      if (flag !== null && flag !== undefined)
        record.test_result = { ...record.test_result, report: { resolved: flag } };
      return JSON.stringify(record);
    })
    .join('\n');
}

export async function tarGz(files: Record<string, string | Uint8Array>): Promise<Uint8Array> {
  const entries = Object.entries(files).map(([name, body]) => {
    const data = typeof body === 'string' ? strToU8(body) : body;
    return { header: { name, size: data.length, type: 'file' as const }, body: data };
  });
  return gzipSync(await packTar(entries));
}
