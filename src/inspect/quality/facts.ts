/**
 * The facts of one logged event (spec/quality.md, "Definitions"): absolute paths in any of its texts,
 * the command of a shell action, and error lines of an observation, each as `kind:value`. Written to
 * give exactly what the Python reference gives, on events of any shape (V0 and SDK alike).
 */
import { codePointPrefix, compareCodePoints, isPythonSpace, pythonStrip } from './pythonText.ts';
import { isPythonWordChar } from './pythonWord.ts';

/** Keys whose values hold no facts (metadata, metrics, images). */
const EXCLUDED_KEYS = new Set([
  'tool_call_metadata',
  'llm_metrics',
  'metrics',
  'timestamp',
  'screenshot',
  'screenshot_data',
  'set_of_marks',
  'image_urls',
  'images_urls',
]);

const SDK_OBSERVATION_KINDS = new Set(['ObservationEvent', 'AgentErrorEvent', 'UserRejectObservation']);
const SDK_SHELL_ACTIONS = new Set(['ExecuteBashAction', 'TerminalAction']);

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const own = (object: JsonObject, key: string): unknown => (Object.hasOwn(object, key) ? object[key] : undefined);

/** V0 `condensation` / `condensation_request` actions and SDK `Condensation` / `CondensationRequest` events. */
export function isCondensationEvent(event: unknown): boolean {
  if (!isObject(event)) return false;
  const action = own(event, 'action');
  const kind = own(event, 'kind');
  return (
    action === 'condensation' ||
    action === 'condensation_request' ||
    kind === 'Condensation' ||
    kind === 'CondensationRequest'
  );
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
for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-/')
  PATH_CHAR[char.charCodeAt(0)] = 1;
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

const ERROR_LENGTH = 200;
const NEWLINE = 0x0a;
const CAPITAL_E = 0x45;

// [A-Za-z0-9_.]: what the pattern's first word is made of; it begins with one of [A-Za-z_].
const WORD_CHAR = new Uint8Array(128);
for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.')
  WORD_CHAR[char.charCodeAt(0)] = 1;
const isWordChar = (unit: number) => unit < 128 && WORD_CHAR[unit] === 1;
const isWordStart = (unit: number) => isWordChar(unit) && unit !== 0x2e && (unit < 0x30 || unit > 0x39);

/** Python's `\b` after a word that ends before `end`: no word character follows (Python 3.11's, see pythonWord.ts). */
const wordEndsAt = (text: string, end: number) => end >= text.length || !isPythonWordChar(text.codePointAt(end)!);

/**
 * Whether the reference's `^(?:[A-Za-z_][A-Za-z0-9_.]*(?:Error|Exception)\b|FAILED\b|ERROR\b|fatal:|error:)`
 * matches the line whose first non-space character is at `start`. The first form matches when some
 * "Error" or "Exception" after the word's first character ends where a word boundary is (the pattern
 * backtracks to each); only whether it matches matters, as the fact is the whole line.
 */
function isErrorLineAt(text: string, start: number): boolean {
  if (text.startsWith('fatal:', start) || text.startsWith('error:', start)) return true;
  if (text.startsWith('FAILED', start) && wordEndsAt(text, start + 6)) return true;
  if (text.startsWith('ERROR', start) && wordEndsAt(text, start + 5)) return true;
  if (!isWordStart(text.charCodeAt(start))) return false;
  let end = start + 1;
  while (end < text.length && isWordChar(text.charCodeAt(end))) end++;
  for (let k = start + 1; k < end; k++) {
    if (text.charCodeAt(k) !== CAPITAL_E) continue;
    const length = text.startsWith('rror', k + 1) ? 5 : text.startsWith('xception', k + 1) ? 9 : 0;
    if (length > 0 && wordEndsAt(text, k + length)) return true;
  }
  return false;
}

/** Error lines: of `text.split('\n')`, each that the reference's pattern matches once stripped, cut to 200 characters. */
function addErrors(text: string, add: (fact: string) => void): void {
  for (let lineStart = 0; lineStart <= text.length;) {
    let first = lineStart;
    while (first < text.length && text.charCodeAt(first) !== NEWLINE && isPythonSpace(text.charCodeAt(first))) first++;
    const newline = text.indexOf('\n', first);
    const lineEnd = newline < 0 ? text.length : newline;
    if (first < lineEnd && isErrorLineAt(text, first))
      add(`error:${codePointPrefix(pythonStrip(text.slice(first, lineEnd)), ERROR_LENGTH)}`);
    if (newline < 0) break;
    lineStart = newline + 1;
  }
}

/**
 * Calls `visit` with every string under `root`, skipping EXCLUDED_KEYS at any depth. Iterative, so no
 * nesting overflows the stack; strings are visited where they are met, only containers wait.
 */
function forEachTextLeaf(root: unknown, visit: (text: string) => void): void {
  if (typeof root === 'string') visit(root);
  if (typeof root !== 'object' || root === null) return;
  const pending: object[] = [root];
  const take = (value: unknown) => {
    if (typeof value === 'string') visit(value);
    else if (typeof value === 'object' && value !== null) pending.push(value);
  };
  while (pending.length > 0) {
    const value = pending.pop()!;
    if (Array.isArray(value)) {
      for (let k = 0; k < value.length; k++) take(value[k]);
    } else {
      for (const key in value)
        if (Object.hasOwn(value, key) && !EXCLUDED_KEYS.has(key)) take((value as JsonObject)[key]);
    }
  }
}

/** Calls `visit` with each fact of one event (a fact may come more than once); condensation events and values that are not objects have none. */
export function forEachEventFact(event: unknown, visit: (fact: string) => void): void {
  if (!isObject(event) || isCondensationEvent(event)) return;
  const observation = isObservation(event);
  forEachTextLeaf(event, (text) => {
    addPaths(text, visit);
    if (observation) addErrors(text, visit);
  });
  const command = commandOf(event);
  if (typeof command === 'string') {
    const stripped = pythonStrip(command);
    if (stripped) visit(`command:${stripped}`);
  }
}

/** The facts of one event as a set (no order). */
export function eventFactSet(event: unknown): Set<string> {
  const facts = new Set<string>();
  forEachEventFact(event, (fact) => facts.add(fact));
  return facts;
}

/** The facts of one event's JSON, in Python's sort order (by code point). */
export function eventFacts(event: unknown): string[] {
  return [...eventFactSet(event)].sort(compareCodePoints);
}
