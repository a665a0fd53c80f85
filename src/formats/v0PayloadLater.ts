import { roughChars } from '../engine/index.ts';
import { type ElementHook, setMember } from './jsonBytes.ts';
import { isRecord } from './types.ts';

/**
 * A big log's V0 observations, kept light: a long `content` and the big members of `extras` (tool
 * outputs, file dumps, screenshots: about 80% of a log's bytes) are parsed again from the log's bytes
 * when read, instead of living in memory twice (once as bytes, once as strings). Only where the bytes
 * are kept anyway. Small members stay (a browsing observation's URL is read at every replay).
 */

/** A content this long or longer is read later; shorter ones cost little to keep. */
export const CONTENT_LATER_CHARS = 1024;
/** An `extras` member this large or larger (characters of its strings) is read later. */
export const MEMBER_LATER_CHARS = 512;
const contentLater = new WeakMap<object, () => string>();

/** How to read the content of an observation the hook kept light; undefined where it is held. */
export function readContentLater(value: unknown): (() => string) | undefined {
  return typeof value === 'object' && value !== null ? contentLater.get(value) : undefined;
}

type Json = Record<string, unknown>;

const isV0Observation = (value: unknown): value is Json =>
  isRecord(value) && !('action' in value) && (typeof value.observation === 'string' || value.observation === null);

/**
 * A copy of `record`, its members in the same order, those of `later` read by `read(key)` each time they
 * are asked for (enumerable, as a member is).
 */
function withMembersLater(record: Json, later: readonly string[], read: (key: string) => unknown): Json {
  const copy: Json = {};
  for (const key of Object.keys(record)) {
    if (later.includes(key))
      Object.defineProperty(copy, key, { get: () => read(key), enumerable: true, configurable: true });
    else setMember(copy, key, record[key]);
  }
  return copy;
}

// A function of its own: a closure over `extras` in the hook would share the hook's context with the
// readers it returns, and keep every parsed member (screenshots included) alive beside its bytes.
function bigMembers(record: Json): string[] {
  return Object.keys(record).filter((key) => roughChars(record[key]) >= MEMBER_LATER_CHARS);
}

/**
 * The ElementHook that keeps big V0 observations light: the same members, with a long `content` and
 * the big members of `extras` read from the bytes when asked for (so any reader still sees the event
 * as the file has it). Anything readV0Event would refuse is left as parsed, to be refused with its path.
 */
export const v0PayloadLater: ElementHook = (value, index, list) => {
  if (!isV0Observation(value)) return value;
  const { content, extras } = value;
  const longContent = typeof content === 'string' && content.length >= CONTENT_LATER_CHARS;
  const bigExtras = isRecord(extras) ? bigMembers(extras) : [];
  if (!longContent && bigExtras.length === 0) return value;
  // Each member parsed alone: an observation's content without its screenshot, and the other way round.
  // Spread keeps the members' order and makes `__proto__` data, as JSON.parse does.
  const withExtras = bigExtras.length
    ? {
        ...value,
        extras: withMembersLater(extras as Json, bigExtras, (key) => list.parseMember(index, ['extras', key])),
      }
    : value;
  if (!longContent) return withExtras;
  const readContent = () => list.parseMember(index, ['content']) as string;
  const record = withMembersLater(withExtras, ['content'], readContent);
  contentLater.set(record, readContent);
  return record;
};
