import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { type ChatProfile } from '../../src/engine/index.ts';
import { AGENT_TEMPLATE_FILES, type AgentTemplateName } from '../../src/engine/v0/index.ts';
import type { AgentTemplateSources } from '../../src/templates/index.ts';
import { CONFORMANCE_DIR } from './conformance.ts';
export interface MessageCase {
  name: string;
  log: string;
  config: unknown;
  recorded: boolean;
  llm_script: unknown[];
  profile: ChatProfile;
  expected: {
    max_message_chars: number;
    /** Every distinct message, by the sha256 of its canonical JSON. */
    messages: Record<string, unknown>;
    steps: Array<{ before_event_id: number; messages?: string[]; error?: string }>;
  };
}

export function loadMessageCases(): MessageCase[] {
  const dir = join(CONFORMANCE_DIR, 'messages');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json.gz'))
    .sort()
    .map((file) => JSON.parse(gunzipSync(readFileSync(join(dir, file))).toString('utf8')) as MessageCase);
}

/** The neutral templates the corpus was rendered with. */
export function conformanceTemplates(): AgentTemplateSources {
  const sources: AgentTemplateSources = {};
  for (const [name, file] of Object.entries(AGENT_TEMPLATE_FILES) as [AgentTemplateName, string][]) {
    sources[name] = readFileSync(join(CONFORMANCE_DIR, 'templates', file), 'utf8');
  }
  return sources;
}

/** Keys sorted at every depth, no spaces: as the checker (and Python's json.dumps(sort_keys=True)) writes it. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export const messageDigest = (message: unknown) =>
  createHash('sha256').update(canonicalJson(message), 'utf8').digest('hex');
