/**
 * The facts of one logged event (spec/quality.md, "Definitions"): absolute paths in any of its texts,
 * the command of a shell action, and error lines of an observation, each as `kind:value`. Written to
 * give exactly what the Python reference gives, on events of any shape (V0 and SDK alike).
 */
import { codePointPrefix, compareCodePoints, pythonStrip } from './pythonText.ts';

/** Keys whose values hold no facts (metadata, metrics, images). */
const EXCLUDED_KEYS = new Set(['tool_call_metadata', 'llm_metrics', 'metrics', 'timestamp', 'screenshot', 'screenshot_data', 'set_of_marks', 'image_urls', 'images_urls']);

const SDK_OBSERVATION_KINDS = new Set(['ObservationEvent', 'AgentErrorEvent', 'UserRejectObservation']);
const SDK_SHELL_ACTIONS = new Set(['ExecuteBashAction', 'TerminalAction']);

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const own = (object: JsonObject, key: string): unknown => (Object.hasOwn(object, key) ? object[key] : undefined);

/** V0 `condensation` / `condensation_request` actions and SDK `Condensation` / `CondensationRequest` events. */
export function isCondensationEvent(event: unknown): boolean {
  if (!isObject(event)) return false;
  const action = own(event, 'action');
  const kind = own(event, 'kind');
  return action === 'condensation' || action === 'condensation_request' || kind === 'Condensation' || kind === 'CondensationRequest';
}

function isObservation(event: JsonObject): boolean {
  const kind = own(event, 'kind');
  return Object.hasOwn(event, 'observation') || (typeof kind === 'string' && SDK_OBSERVATION_KINDS.has(kind));
}

/** The shell command a V0 `run` action or an SDK terminal action carries, if any. */
function commandOf(event: JsonObject): unknown {
  const action = own(event, 'action');
  if (action === 'run') {
    const args = own(event, 'args');
    return isObject(args) ? own(args, 'command') : undefined;
  }
  if (own(event, 'kind') !== 'ActionEvent' || !isObject(action)) return undefined;
  const kind = own(action, 'kind');
  return typeof kind === 'string' && SDK_SHELL_ACTIONS.has(kind) ? own(action, 'command') : undefined;
}

// [A-Za-z0-9_.-] and '/': the characters a path match is made of.
const PATH_CHAR = new Uint8Array(128);
for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-/') PATH_CHAR[char.charCodeAt(0)] = 1;
const SLASH = 0x2f;
const TILDE = 0x7e;
const DOT = 0x2e;
const isPathChar = (unit: number) => unit < 128 && PATH_CHAR[unit] === 1;

/**
 * Every match of `(?<![A-Za-z0-9_./~-])/(?:[A-Za-z0-9_.-]+/)+[A-Za-z0-9_.-]+`, trailing dots removed,
 * kept with at least two slashes. A match can only start a maximal run of path characters (any other
 * slash of the run follows a path character), when the run starts with a slash not preceded by `~`;
 * it is then the run's first segments up to the first empty one, if there are at least two.
 */
function addPaths(text: string, add: (fact: string) => void): void {
  let slash = text.indexOf('/');
  while (slash >= 0) {
    let start = slash;
    while (start > 0 && isPathChar(text.charCodeAt(start - 1))) start--;
    let end = slash + 1;
    while (end < text.length && isPathChar(text.charCodeAt(end))) end++;
    if (text.charCodeAt(start) === SLASH && (start === 0 || text.charCodeAt(start - 1) !== TILDE)) {
      let segments = 0;
      let matchEnd = -1;
      let position = start + 1;
      for (;;) {
        const segmentStart = position;
        while (position < end && text.charCodeAt(position) !== SLASH) position++;
        if (position === segmentStart) break;
        if (++segments >= 2) matchEnd = position;
        if (position >= end) break;
        position++;
      }
      if (matchEnd >= 0) {
        let trimmed = matchEnd;
        while (trimmed > start && text.charCodeAt(trimmed - 1) === DOT) trimmed--;
        const path = text.slice(start, trimmed);
        if (slashCount(path) >= 2) add(`path:${path}`);
      }
    }
    slash = text.indexOf('/', end);
  }
}

function slashCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === SLASH) count++;
  return count;
}

/** A line can only match the error pattern if it holds one of these. */
const ERROR_HINT = /Error|Exception|FAILED|ERROR|fatal:|error:/g;
/**
 * The reference's `^(?:[A-Za-z_][A-Za-z0-9_.]*(?:Error|Exception)\b|FAILED\b|ERROR\b|fatal:|error:)`
 * on a stripped line. Python's `\b` in a str pattern is Unicode-aware (é is a word character), so the
 * boundary after a word is "no letter, digit or underscore next", not JavaScript's ASCII `\b`.
 */
const ERROR_LINE = /^(?:[A-Za-z_][A-Za-z0-9_.]*(?:Error|Exception)(?![\p{L}\p{N}_])|FAILED(?![\p{L}\p{N}_])|ERROR(?![\p{L}\p{N}_])|fatal:|error:)/u;
const ERROR_LENGTH = 200;

/** Error lines (`text.split('\n')`, stripped, matching ERROR_LINE), reading only the lines that hold a hint. */
function addErrors(text: string, add: (fact: string) => void): void {
  ERROR_HINT.lastIndex = 0;
  for (let hint = ERROR_HINT.exec(text); hint !== null; hint = ERROR_HINT.exec(text)) {
    const lineStart = text.lastIndexOf('\n', hint.index) + 1;
    const newline = text.indexOf('\n', hint.index);
    const lineEnd = newline < 0 ? text.length : newline;
    const stripped = pythonStrip(text.slice(lineStart, lineEnd));
    if (ERROR_LINE.test(stripped)) add(`error:${codePointPrefix(stripped, ERROR_LENGTH)}`);
    if (newline < 0) break;
    ERROR_HINT.lastIndex = newline + 1;
  }
}

/** Every string under the event, skipping EXCLUDED_KEYS at any depth; iterative, so no depth overflows the stack. */
function forEachTextLeaf(root: unknown, visit: (text: string) => void): void {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') visit(value);
    else if (Array.isArray(value)) for (const item of value) pending.push(item);
    else if (isObject(value)) for (const key of Object.keys(value)) if (!EXCLUDED_KEYS.has(key)) pending.push(value[key]);
  }
}

/** The facts of one event as a set (no order); condensation events and values that are not objects have none. */
export function eventFactSet(event: unknown): Set<string> {
  const facts = new Set<string>();
  if (!isObject(event) || isCondensationEvent(event)) return facts;
  const add = (fact: string) => facts.add(fact);
  const observation = isObservation(event);
  forEachTextLeaf(event, (text) => {
    addPaths(text, add);
    if (observation) addErrors(text, add);
  });
  const command = commandOf(event);
  if (typeof command === 'string') {
    const stripped = pythonStrip(command);
    if (stripped) add(`command:${stripped}`);
  }
  return facts;
}

/** The facts of one event's JSON, in Python's sort order (by code point). */
export function eventFacts(event: unknown): string[] {
  return [...eventFactSet(event)].sort(compareCodePoints);
}
