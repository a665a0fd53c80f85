import { roughChars } from '../engine/index.ts';
import { type ElementHook, type ListElements, setMember } from './jsonBytes.ts';
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
export function readContentLater(value: object): (() => string) | undefined {
  return contentLater.get(value);
}

const isV0Observation = (value: unknown): value is Record<string, unknown> =>
  isRecord(value) && !('action' in value) && (typeof value.observation === 'string' || value.observation === null);

/** Member `key` of `record`, read by `get` each time it is asked for (enumerable, as a member is). */
function readLater(record: Record<string, unknown>, key: string, get: () => unknown): void {
  Object.defineProperty(record, key, { get, enumerable: true, configurable: true });
}

/** The member `key` of the event's `extras`, parsed again. */
function extrasMember(list: ListElements, index: number, key: string): unknown {
  return ((list.parse(index) as Record<string, unknown>).extras as Record<string, unknown>)[key];
}

/** `extras` with its big members read from the bytes when asked for; the same object when none is big. */
function lightExtras(extras: Record<string, unknown>, list: ListElements, index: number): Record<string, unknown> {
  const keys = Object.keys(extras);
  const big = keys.filter((key) => roughChars(extras[key]) >= MEMBER_LATER_CHARS);
  if (big.length === 0) return extras;
  const light: Record<string, unknown> = {};
  for (const key of keys) {
    if (big.includes(key)) readLater(light, key, () => extrasMember(list, index, key));
    else setMember(light, key, extras[key]);
  }
  return light;
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
  const light = isRecord(extras) ? lightExtras(extras, list, index) : extras;
  if (!longContent && light === extras) return value;
  const readContent = () => (list.parse(index) as Record<string, unknown>).content as string;
  const record: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (key === 'content' && longContent) readLater(record, key, readContent);
    else setMember(record, key, key === 'extras' ? light : value[key]);
  }
  if (longContent) contentLater.set(record, readContent);
  return record;
};
