import { utf8Text } from './utf8Text.ts';
import { LogFormatError, describeJsonError } from './errors.ts';
import { type KeptBytes, bytesInMemory } from './keptBytes.ts';

/**
 * Reads a JSON document from its bytes without ever holding it as one string: a JavaScript string
 * holds at most about 512 MiB (V8's limit), and logs run to gigabytes. The outer containers (a list
 * of events, `{"trajectory": [...]}`, `{"response": {"json": {"trajectory": [...]}}}`) are split; a
 * list's elements (the events) go to the native JSON.parse a piece of about PIECE_TARGET bytes at a
 * time, cut where the next element seems to begin. JSON.parse is the judge of a cut: `[` + piece +
 * `]` parses only when the piece is whole elements (a cut inside a string leaves it unterminated,
 * one inside an element leaves a bracket open), and where it does not, that piece is scanned byte by
 * byte. Pure-JavaScript streaming parsers are 2.5-4.5x slower than JSON.parse (@discoveryjs/json-ext's
 * parseChunked, @streamparser/json), and so was scanning every byte here first. Each element's byte
 * span is found when first asked for (the event detail and the search read an event's text from the
 * file instead of keeping a second copy of the log). parseJsonStream reads the same way from a
 * source a block at a time (the command line: a file's bytes are never all held), through a window
 * the lists let go of as they are read.
 */

/** Byte spans of the elements of a list read by parseJsonBytes, in the bytes they came from. */
export interface ElementSpans {
  readonly length: number;
  /** Element i's JSON text is bytes[start, end) of the document; found on first use. */
  span(index: number): { readonly start: number; readonly end: number } | null;
  /** Element i's JSON text as the file has it (null past the end). */
  bytesOf(index: number): Uint8Array | null;
  /** Element i parsed again from its bytes (undefined past the end). */
  parse(index: number): unknown;
  /**
   * A member of element i, down `path` (member names), parsed alone from its bytes: an observation's
   * content without its screenshot. Undefined where there is none (past the end, or no such member).
   */
  parseMember(index: number, path: readonly string[]): unknown;
}

const spansByList = new WeakMap<readonly unknown[], ElementSpans>();

/** The byte spans of a list's elements, when parseJsonBytes split it. */
export function elementSpansOf(list: readonly unknown[]): ElementSpans | undefined {
  return spansByList.get(list);
}

/** A split list's elements read again from the bytes, once the list is read (its spans are known then). */
export interface ListElements {
  /** A member of element `index`, down `path`, parsed alone (ElementSpans.parseMember). */
  parseMember(index: number, path: readonly string[]): unknown;
}

/**
 * Called with each element of a split list as it is parsed (the event list, and any list over
 * PIECE_BYTES inside an element); what it returns is kept in its place. A big log's events can be kept
 * lighter this way: their big fields read again from the bytes when asked for.
 */
export type ElementHook = (value: unknown, index: number, list: ListElements) => unknown;

class ListElementsOf implements ListElements {
  spans: ElementSpans | null = null;

  parseMember(index: number, path: readonly string[]): unknown {
    if (!this.spans) throw new Error(`element ${index} of the list is asked for before the list is read`);
    return this.spans.parseMember(index, path);
  }
}

/**
 * Objects and lists down to this depth are split when they are the document or a member of a split
 * object (the event list sits at depth 0, 1 or 3). A list's elements (the events) are parsed whole:
 * objects JSON.parse builds are the fast kind; objects assembled key by key are slower to read.
 */
const SPLIT_DEPTH = 3;
/** Deeper containers are split only when their text is longer than this. */
const PIECE_BYTES = 64 * 1024 * 1024;
/** How deep a long container may be and still be split (a real log's lie a few levels down). */
const MAX_SPLIT_NESTING = 16;
/**
 * A split list's elements are parsed this many bytes at a time: as fast as 8 MiB pieces (1.09-1.25 s
 * against 0.86-1.13 s for a 100 MB log, 5 runs each), and a 100 MB log's peak memory 60 MB lower (each
 * piece's text is garbage once parsed).
 */
const PIECE_TARGET = 1024 * 1024;
/** A streamed document is read this many bytes at a time (or as many as its window holds: a long value doubles it). */
const BLOCK_BYTES = 4 * 1024 * 1024;
/** A streamed list looks this many pieces past a piece's target for a cut before reading that piece element by element. */
const CUT_SEARCH_PIECES = 8;
/** How far before a streamed window's end a cut search starts again once more is read (a cut the end went through). */
const CUT_LOOKBACK = 4096;
/** About V8's longest string (2^29 - 24 UTF-16 units); one value longer than this cannot be read. */
export const MAX_STRING_BYTES = 2 ** 29 - 24;
const MIB = 1024 ** 2;
/** 512 MiB, or a test's limit in bytes. */
const sizeText = (bytes: number) => (bytes >= MIB ? `${Math.round(bytes / MIB)} MiB` : `${bytes} bytes`);

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isSpace = (byte: number | undefined) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/** The first byte at or after `i` that is not blank space (bytes.length if none). */
function spaceEnd(bytes: Uint8Array, i: number): number {
  while (isSpace(bytes[i])) i++;
  return i;
}

const decoder = new TextDecoder();

/**
 * Where a document is read from as it is parsed (the command line reads a file this way): `read` fills
 * `into` from byte `position` on and says how many bytes it put there (fewer at the end, 0 past it).
 */
export interface ByteSource {
  readonly size: number;
  read(into: Uint8Array, position: number): number;
}

/** A document held whole, as a source: its error positions are counted the same way as a streamed one's. */
export function sourceOf(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: (into, position) => {
      const part = bytes.subarray(position, position + into.length);
      into.set(part);
      return part.length;
    },
  };
}

/** Fills `into` from byte `position` of `source`, read after read, until it is full or the source ends; how many it holds. */
function readFully(source: ByteSource, into: Uint8Array, position: number): number {
  let filled = 0;
  while (filled < into.length) {
    const read = source.read(into.subarray(filled), position + filled);
    if (!(read > 0)) break;
    filled += read;
  }
  return filled;
}

/**
 * 1-based line and column of byte `offset`, counted only when there is an error to report: the bytes
 * before it are read again a block at a time; the column is the decoded length of its line so far, in
 * UTF-16 units (as the text the file decodes to has it).
 */
function lineAndColumnAt(source: ByteSource, offset: number): string {
  const block = new Uint8Array(Math.min(BLOCK_BYTES, Math.max(offset, 1)));
  let line = 1;
  let lineStart = 0;
  for (let at = 0; at < offset;) {
    const read = readFully(source, block.subarray(0, Math.min(block.length, offset - at)), at);
    if (read === 0) break;
    for (let k = block.indexOf(0x0a); k >= 0 && k < read; k = block.indexOf(0x0a, k + 1)) {
      line++;
      lineStart = at + k + 1;
    }
    at += read;
  }
  let column = 1;
  const lineDecoder = new TextDecoder();
  for (let at = lineStart; at < offset;) {
    const read = readFully(source, block.subarray(0, Math.min(block.length, offset - at)), at);
    if (read === 0) break;
    column += lineDecoder.decode(block.subarray(0, read), { stream: true }).length;
    at += read;
  }
  column += lineDecoder.decode().length;
  return `line ${line}, column ${column}`;
}

/**
 * Where, from `from` on in `bytes` (up to `to`), the decoded text reaches `units` UTF-16 units: the byte
 * offset of a column the decoded text names. Found by decoding (invalid bytes decode to U+FFFD, one unit
 * for a byte or more, so re-encoding the text would misplace it); an error's path only.
 */
function bytesBefore(bytes: Uint8Array, from: number, to: number, units: number): number {
  const decoded = (end: number) => decoder.decode(bytes.subarray(from, end)).length;
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (decoded(middle + 1) <= units) low = middle + 1;
    else high = middle;
  }
  return low;
}

class Reader {
  /**
   * Bytes [base, base + bytes.length) of the document: all of it, or, when it is streamed from a
   * source, a window that grows as far as a value needs and lets go of what a list has read.
   */
  private bytes: Uint8Array;
  private base = 0;
  /** A streamed window's buffer (bytes is its start): reused as the window moves, so reading churns no memory. */
  private buffer: Uint8Array;
  /** How many bytes the streamed document has (less than its source said if the file shrank meanwhile). */
  private size: number;

  constructor(
    bytes: Uint8Array,
    private readonly where: string,
    private readonly pieceTarget = PIECE_TARGET,
    private readonly progress?: (doneBytes: number, totalBytes: number) => void,
    /** Where the document's bytes are kept once read, for its split lists' byte spans; null: no spans are kept. */
    private readonly kept: KeptBytes | null = null,
    private readonly source: ByteSource | null = null,
    private readonly blockBytes = BLOCK_BYTES,
    /** The longest value parsed as one text (tests lower it): a string past it is refused as soon as it is that long. */
    private readonly maxValueBytes = MAX_STRING_BYTES,
  ) {
    this.bytes = bytes;
    this.buffer = bytes;
    this.size = source ? source.size : bytes.length;
    this.maxWindowBytes = 2 * maxValueBytes;
  }

  /**
   * The most a streamed window holds: one value being read (a list element, or a deep container split
   * only once its end is found), so a hostile file costs at most this much before it is refused.
   */
  private readonly maxWindowBytes: number;
  /** Where the value whose end is being looked for begins (in the document), to name it if it is too long. */
  private scanFrom: number | null = null;

  /** See ElementHook; only where spans are kept (the elements are read again from them). */
  element: ElementHook | null = null;

  /** Whether byte `i` of the window exists (a streamed one is read on until it does, or until the document ends). */
  has(i: number): boolean {
    while (i >= this.bytes.length) if (!this.more()) return false;
    return true;
  }

  /** Reads the next block of a streamed document onto the window; false at its end. */
  private more(): boolean {
    const length = this.bytes.length;
    const loaded = this.base + length;
    if (!this.source || loaded >= this.size) return false;
    const wanted = Math.min(this.blockBytes, this.size - loaded);
    if (length + wanted > this.maxWindowBytes) {
      throw new LogFormatError(
        this.where,
        `a value from ${lineAndColumnAt(this.source, this.scanFrom ?? this.base)} on is over ${sizeText(this.maxWindowBytes)} long, more than one value can be read`,
      );
    }
    if (length + wanted > this.buffer.length) {
      // Doubled, up to the most a window holds: a value longer than a block costs no quadratic copying.
      const larger = new Uint8Array(Math.min(this.maxWindowBytes, Math.max(2 * this.buffer.length, length + wanted)));
      larger.set(this.bytes);
      this.buffer = larger;
    }
    const read = readFully(this.source, this.buffer.subarray(length, length + wanted), loaded);
    if (read < wanted) this.size = loaded + read;
    this.bytes = this.buffer.subarray(0, length + read);
    return read > 0;
  }

  /**
   * Lets go of a streamed window's bytes before `keep`, once they are most of it; returns how far
   * indices into the window move (0: none dropped). Only a list being read may call it, between pieces:
   * nothing else holds an index then.
   */
  private dropBefore(keep: number): number {
    if (!this.source || keep <= 0 || keep < this.bytes.length / 2) return 0;
    const rest = this.bytes.length - keep;
    // A buffer grown for one long value is let go once the window is back to blocks.
    if (this.buffer.length > 4 * this.blockBytes && rest < this.buffer.length / 4) {
      const smaller = new Uint8Array(Math.max(2 * this.blockBytes, 2 * rest));
      smaller.set(this.bytes.subarray(keep));
      this.buffer = smaller;
    } else this.buffer.copyWithin(0, keep, this.bytes.length);
    this.bytes = this.buffer.subarray(0, rest);
    this.base += keep;
    return keep;
  }

  fail(offset: number, problem: string, kind: typeof LogFormatError = LogFormatError): never {
    if (!this.has(offset))
      throw new LogFormatError(this.where, 'the JSON ends before it is complete (is the file truncated?)');
    const position = lineAndColumnAt(this.source ?? sourceOf(this.bytes), this.base + offset);
    throw new kind(this.where, `invalid JSON at ${position} (${problem})`);
  }

  skipSpace(i: number): number {
    for (;;) {
      const bytes = this.bytes;
      while (isSpace(bytes[i])) i++;
      if (i < bytes.length || !this.more()) return i;
    }
  }

  /** The end of the string starting at `i` (its opening quote): the index after its closing quote. */
  stringEnd(i: number): number {
    let at = i + 1;
    for (;;) {
      const bytes = this.bytes;
      const quote = bytes.indexOf(QUOTE, at);
      if (quote < 0) {
        at = bytes.length;
        // No value holding a string this long can be parsed: refused before more of it is read.
        if (at - i > this.maxValueBytes) this.tooLong('a string', i, null);
        if (this.more()) continue;
        this.fail(bytes.length, 'unterminated string');
      }
      let slashes = 0;
      for (let k = quote - 1; bytes[k] === BACKSLASH; k--) slashes++;
      if (slashes % 2 === 0) return quote + 1;
      at = quote + 1;
    }
  }

  /** The end of the value starting at `i` (exclusive); the content is checked later by JSON.parse. */
  valueEnd(i: number): number {
    if (this.scanFrom !== null) return this.scanEnd(i);
    this.scanFrom = this.base + i;
    try {
      return this.scanEnd(i);
    } finally {
      this.scanFrom = null;
    }
  }

  private scanEnd(i: number): number {
    let bytes = this.bytes;
    const first = bytes[i];
    if (first === QUOTE) return this.stringEnd(i);
    if (first !== 0x7b && first !== 0x5b) {
      // A number, true, false or null: up to the next delimiter.
      let end = i;
      for (;;) {
        while (
          end < bytes.length &&
          !isSpace(bytes[end]) &&
          bytes[end] !== 0x2c &&
          bytes[end] !== 0x5d &&
          bytes[end] !== 0x7d
        )
          end++;
        if (end < bytes.length || !this.more()) break;
        bytes = this.bytes;
      }
      if (end === i) this.fail(i, 'expected a value');
      return end;
    }
    let depth = 0;
    for (let at = i; ; at++) {
      if (at >= bytes.length) {
        if (!this.more()) return this.fail(at, 'unclosed container');
        bytes = this.bytes;
      }
      const byte = bytes[at];
      if (byte === QUOTE) {
        at = this.stringEnd(at) - 1;
        bytes = this.bytes;
      } else if (byte === 0x7b || byte === 0x5b) depth++;
      else if (byte === 0x7d || byte === 0x5d) {
        depth--;
        if (depth === 0) return at + 1;
      }
    }
  }

  /** Refuses a value (or a string) at `start`, `length` bytes long (null: longer than the limit, the rest unread). */
  private tooLong(what: string, start: number, length: number | null): never {
    const long = length === null ? `over ${sizeText(this.maxValueBytes)}` : sizeText(length);
    throw new LogFormatError(
      this.where,
      `${what} (at ${lineAndColumnAt(this.source ?? sourceOf(this.bytes), this.base + start)}) is ${long} long, more than a JavaScript string can hold (${sizeText(this.maxValueBytes)}); it cannot be read`,
    );
  }

  /** JSON.parse of one span, its errors placed in the whole file. */
  parseSpan(start: number, end: number): unknown {
    if (end - start > this.maxValueBytes) this.tooLong('one value', start, end - start);
    const text = decoder.decode(this.bytes.subarray(start, end));
    try {
      return JSON.parse(text);
    } catch (error) {
      const described = describeJsonError(error, text);
      const offset = /line (\d+), column (\d+)/.exec(described);
      // A span ends where its value does (at a delimiter): one JSON.parse finds cut short is not a
      // truncated file but a value left incomplete (`tru`, `1.`, `-`).
      if (!offset) this.fail(start, described.startsWith('the JSON ends before') ? 'an incomplete value' : described);
      // Re-place the piece's line and column in the file.
      const [line, column] = [Number(offset[1]), Number(offset[2])];
      let at = start;
      for (let k = 1; k < line; k++) at = this.bytes.indexOf(0x0a, at) + 1;
      this.fail(
        bytesBefore(this.bytes, at, end, column - 1),
        described.replace(/^invalid JSON at line \d+, column \d+ \((.*)\)$/, '$1'),
      );
    }
  }

  /**
   * Where member `key` of the object at `at` lies: its last, as JSON.parse keeps the last of a name;
   * null when `at` holds no object or the object no such member. For JSON already parsed once (valid).
   */
  memberSpan(at: number, key: string): { start: number; end: number } | null {
    let i = this.skipSpace(at);
    if (this.bytes[i] !== 0x7b) return null;
    i = this.skipSpace(i + 1);
    let found: { start: number; end: number } | null = null;
    while (this.bytes[i] === QUOTE) {
      const keyEnd = this.stringEnd(i);
      const start = this.skipSpace(this.skipSpace(keyEnd) + 1);
      const end = this.valueEnd(start);
      if (this.keyIs(i, keyEnd, key)) found = { start, end };
      i = this.skipSpace(end);
      if (this.bytes[i] !== 0x2c) break;
      i = this.skipSpace(i + 1);
    }
    return found;
  }

  /**
   * Whether the JSON string in bytes [start, end) (quotes included) is `key`: compared byte by byte when
   * it is plain ASCII, decoded only when it holds an escape or other characters.
   */
  private keyIs(start: number, end: number, key: string): boolean {
    const bytes = this.bytes;
    let plain = true;
    for (let k = start + 1; k < end - 1; k++) {
      const byte = bytes[k]!;
      if (byte === BACKSLASH || byte >= 0x80) {
        plain = false;
        break;
      }
    }
    if (!plain) return JSON.parse(decoder.decode(bytes.subarray(start, end))) === key;
    if (end - start - 2 !== key.length) return false;
    for (let k = start + 1; k < end - 1; k++) if (bytes[k] !== key.charCodeAt(k - start - 1)) return false;
    return true;
  }

  /** The value in [start, end), split if it is too large for one piece. */
  value(start: number, end: number, depth: number): unknown {
    const first = this.bytes[start];
    // Read the way shallow ones are (the end found again is this one); the caller holds `end`, so
    // nothing of a streamed window may be let go meanwhile. Not below MAX_SPLIT_NESTING: each level
    // split scans what it holds again, so a hostile file's thousands of nested lists around one long
    // string took a minute, where JSON.parse reads the rest at once.
    if (depth <= MAX_SPLIT_NESTING && end - start > PIECE_BYTES) {
      if (first === 0x5b) return this.listInPieces(start, depth, false).items;
      if (first === 0x7b) return this.objectByMembers(start, depth, false).value;
    }
    return this.parseSpan(start, end);
  }

  /**
   * The value starting at `start` and where it ends. Shallow lists and objects that are not list
   * elements are split without scanning them first: a list in pieces, an object member by member.
   * `drop`: a streamed list may let go of what it has read (no caller holds an index into it).
   */
  read(start: number, depth: number, inList = false, drop = true): { value: unknown; end: number } {
    const first = this.bytes[start];
    if (!inList && depth <= SPLIT_DEPTH && first === 0x5b) {
      const { items, end } = this.listInPieces(start, depth, drop);
      return { value: items, end };
    }
    if (!inList && depth <= SPLIT_DEPTH && first === 0x7b) return this.objectByMembers(start, depth, drop);
    const end = this.valueEnd(start);
    return { value: this.value(start, end, depth), end };
  }

  /** Where the element after a candidate cut must begin: the first element's first key and its value's kind. */
  private cutPattern(firstElement: number): { key: Uint8Array; valueKind: number } | null {
    if (this.bytes[firstElement] !== 0x7b) return null;
    const keyStart = this.skipSpace(firstElement + 1);
    if (this.bytes[keyStart] !== QUOTE) return null;
    const keyEnd = this.stringEnd(keyStart);
    const colon = this.skipSpace(keyEnd);
    if (this.bytes[colon] !== 0x3a) return null;
    const valueStart = this.skipSpace(colon + 1);
    return { key: this.bytes.slice(keyStart, keyEnd), valueKind: valueKind(this.bytes[valueStart]) };
  }

  /**
   * The comma of the first `}, {"key": <value of the kind>` at or after `from`; -1: none up to the
   * document's end. A streamed window is read on for it up to CUT_SEARCH_PIECES pieces past `from`; none
   * there is -2 (that piece goes element by element). `searchFrom`: where the search may begin, past
   * `from`, when an earlier search found no cut before it.
   */
  private nextCut(pattern: { key: Uint8Array; valueKind: number }, from: number, searchFrom = from): number {
    for (;;) {
      const cut = this.cutInWindow(pattern, searchFrom);
      if (cut >= 0) return cut;
      const searched = this.bytes.length;
      if (this.source && searched - from >= CUT_SEARCH_PIECES * this.pieceTarget) return -2;
      if (!this.more()) return -1;
      // A candidate cut the window's end went through is looked at again.
      searchFrom = Math.max(from, searched - CUT_LOOKBACK);
    }
  }

  private cutInWindow(pattern: { key: Uint8Array; valueKind: number }, from: number): number {
    const bytes = this.bytes;
    const { key } = pattern;
    search: for (let open = bytes.indexOf(0x7b, from); open >= 0; open = bytes.indexOf(0x7b, open + 1)) {
      // Only the window is searched: nextCut reads on when it finds nothing.
      let at = spaceEnd(bytes, open + 1);
      for (let k = 0; k < key.length; k++) if (bytes[at + k] !== key[k]) continue search;
      at = spaceEnd(bytes, at + key.length);
      if (bytes[at] !== 0x3a || valueKind(bytes[spaceEnd(bytes, at + 1)]) !== pattern.valueKind) continue;
      let back = open - 1;
      while (isSpace(bytes[back])) back--;
      if (bytes[back] !== 0x2c) continue;
      const comma = back--;
      while (isSpace(bytes[back])) back--;
      if (bytes[back] === 0x7d) return comma;
    }
    return -1;
  }

  /**
   * `[` + bytes[start, end) + `]` by JSON.parse, or null when that is not whole elements. The brackets
   * are written over the byte before the piece (a space, a comma or the list's `[`) and the cut's comma
   * while it is decoded, then put back: the piece's text is made once, not copied again to add them.
   */
  private tryPiece(start: number, end: number): unknown[] | null {
    if (end - start > PIECE_BYTES) return null;
    const bytes = this.bytes;
    const [before, after] = [bytes[start - 1]!, bytes[end]!];
    bytes[start - 1] = 0x5b;
    bytes[end] = 0x5d;
    let text: string;
    try {
      text = utf8Text(bytes.subarray(start - 1, end + 1));
    } finally {
      bytes[start - 1] = before;
      bytes[end] = after;
    }
    try {
      return JSON.parse(text) as unknown[];
    } catch {
      return null;
    }
  }

  /** A split list, from its `[` on: elements parsed a piece at a time; returns where it ends. */
  private listInPieces(start: number, depth: number, drop: boolean): { items: unknown[]; end: number } {
    const items: unknown[] = [];
    const pieces: Piece[] = [];
    const keepSpans = this.kept !== null;
    const hook = keepSpans ? this.element : null;
    const elements = new ListElementsOf();
    let at = this.skipSpace(start + 1);
    if (this.bytes[at] === 0x5d) return { items, end: at + 1 };
    let pattern = this.cutPattern(at);
    // The last cut found and where its search began: no cut lies between the two, so a later search
    // starting there finds the same one (the file is not searched again and again).
    let found = { from: -1, cut: -1 };
    // Past a cut JSON.parse refused: that one is not tried again.
    let notBefore = 0;
    // No cut before this (a streamed search that gave up there): a later search goes on from it.
    let noCutBefore = 0;
    for (;;) {
      // `at` is where an element begins; the byte before it stays (tryPiece writes its `[` there).
      const moved = drop ? this.dropBefore(at - 1) : 0;
      if (moved > 0) {
        at -= moved;
        found = { from: found.from - moved, cut: found.cut - moved };
        notBefore -= moved;
        noCutBefore -= moved;
      }
      const from = Math.max(at + this.pieceTarget, notBefore);
      let cut = -1;
      if (pattern && found.from <= from && from <= found.cut) cut = found.cut;
      else if (pattern) {
        cut = this.nextCut(pattern, from, Math.max(from, noCutBefore));
        found = { from, cut };
        if (cut === -2) noCutBefore = this.bytes.length - CUT_LOOKBACK;
        // None up to the end of the file: none for any later piece either.
        if (cut === -1) pattern = null;
      }
      // A cut far past the piece's target is not tried yet (the piece is read element by element): in a
      // list whose only cut-like text is inside elements, every piece would otherwise parse all the way
      // to the next one, again and again.
      const near = cut >= 0 && cut - at <= CUT_SEARCH_PIECES * this.pieceTarget;
      const parsed = near ? this.tryPiece(at, cut) : null;
      if (near && !parsed) notBefore = cut + 1;
      if (parsed) {
        if (keepSpans)
          pieces.push({
            start: this.base + at,
            end: this.base + cut,
            first: items.length,
            count: parsed.length,
            starts: null,
            ends: null,
          });
        if (hook) for (const item of parsed) items.push(hook(item, items.length, elements));
        else for (const item of parsed) items.push(item);
        at = this.skipSpace(cut + 1);
        this.progress?.(this.base + at, this.size);
        continue;
      }
      // No cut, or a cut inside an element: this piece element by element, up to the target or the list's end.
      const pieceStart = at;
      const first = items.length;
      const starts: number[] = [];
      const ends: number[] = [];
      let closed = -1;
      for (;;) {
        const end = this.valueEnd(at);
        const value = this.value(at, end, depth + 1);
        items.push(hook ? hook(value, items.length, elements) : value);
        if (keepSpans) {
          starts.push(this.base + at);
          ends.push(this.base + end);
        }
        const next = this.skipSpace(end);
        if (this.bytes[next] === 0x5d) {
          closed = next + 1;
          break;
        }
        if (this.bytes[next] !== 0x2c) this.fail(next, "expected ',' or ']' after a list element");
        at = this.skipSpace(next + 1);
        if (at >= pieceStart + this.pieceTarget) break;
      }
      if (keepSpans) {
        pieces.push({
          start: this.base + pieceStart,
          end: ends.at(-1)!,
          first,
          count: items.length - first,
          starts: Float64Array.from(starts),
          ends: Float64Array.from(ends),
        });
      }
      this.progress?.(this.base + (closed >= 0 ? closed : at), this.size);
      if (closed >= 0) {
        if (this.kept) {
          elements.spans = new ListSpans(this.kept, this.where, pieces, items.length);
          spansByList.set(items, elements.spans);
        }
        return { items, end: closed };
      }
    }
  }

  /** A split object, from its `{` on, member by member; returns where it ends. */
  private objectByMembers(
    start: number,
    depth: number,
    drop: boolean,
  ): { value: Record<string, unknown>; end: number } {
    const record: Record<string, unknown> = {};
    let i = this.skipSpace(start + 1);
    if (this.bytes[i] === 0x7d) return { value: record, end: i + 1 };
    for (;;) {
      if (this.bytes[i] !== QUOTE) this.fail(i, 'expected a key in double quotes');
      const keyEnd = this.stringEnd(i);
      const key = this.parseSpan(i, keyEnd) as string;
      i = this.skipSpace(keyEnd);
      if (this.bytes[i] !== 0x3a) this.fail(i, "expected ':' after a key");
      const { value, end } = this.read(this.skipSpace(i + 1), depth + 1, false, drop);
      setMember(record, key, value);
      i = this.skipSpace(end);
      if (this.bytes[i] === 0x7d) return { value: record, end: i + 1 };
      if (this.bytes[i] !== 0x2c) this.fail(i, "expected ',' or '}' after a value");
      i = this.skipSpace(i + 1);
    }
  }
}

/** A cut-pattern class of a value's first byte: a string, a number, or the byte itself. */
function valueKind(byte: number | undefined): number {
  if (byte === undefined) return -1;
  return byte === 0x2d || (byte >= 0x30 && byte <= 0x39) ? 0x30 : byte;
}

/** A "__proto__" key is data, as JSON.parse makes it, not the object's prototype. */
export function setMember(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}

/**
 * A run of a split list's elements, bytes [start, end) of the document: JSON.parse read it whole (its
 * elements' spans found when first asked for) or element by element.
 */
interface Piece {
  readonly start: number;
  readonly end: number;
  readonly first: number;
  readonly count: number;
  starts: Float64Array | null;
  ends: Float64Array | null;
}

class ListSpans implements ElementSpans {
  constructor(
    private readonly kept: KeptBytes,
    private readonly where: string,
    private readonly pieces: readonly Piece[],
    readonly length: number,
  ) {}

  /** The byte spans of a piece's elements (scanned now: a piece JSON.parse read whole has none yet). */
  private pieceSpans(piece: Piece): { starts: Float64Array; ends: Float64Array } {
    if (piece.starts && piece.ends) return { starts: piece.starts, ends: piece.ends };
    const starts = new Float64Array(piece.count);
    const ends = new Float64Array(piece.count);
    // The piece was parsed whole, so it is valid JSON: its bytes are only scanned for where elements end.
    const reader = new Reader(this.kept.slice(piece.start, piece.end), this.where);
    let at = 0;
    for (let k = 0; k < piece.count; k++) {
      const end = reader.valueEnd(at);
      starts[k] = piece.start + at;
      ends[k] = piece.start + end;
      at = reader.skipSpace(reader.skipSpace(end) + 1);
    }
    piece.starts = starts;
    piece.ends = ends;
    return { starts, ends };
  }

  span(index: number): { start: number; end: number } | null {
    if (!(index >= 0 && index < this.length)) return null;
    let low = 0;
    let high = this.pieces.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.pieces[middle]!.first <= index) low = middle;
      else high = middle - 1;
    }
    const piece = this.pieces[low]!;
    const { starts, ends } = this.pieceSpans(piece);
    return { start: starts[index - piece.first]!, end: ends[index - piece.first]! };
  }

  bytesOf(index: number): Uint8Array | null {
    const span = this.span(index);
    return span ? this.kept.slice(span.start, span.end) : null;
  }

  parse(index: number): unknown {
    const source = this.bytesOf(index);
    if (!source) return undefined;
    // An element too long for one piece is read as the list read it, split (one string holds 512 MiB at most).
    if (source.length > PIECE_BYTES) return parseJsonBytes(source, this.where, { keepSpans: false });
    return JSON.parse(decoder.decode(source)) as unknown;
  }

  parseMember(index: number, path: readonly string[]): unknown {
    const source = this.bytesOf(index);
    if (!source) return undefined;
    if (source.length > PIECE_BYTES) return memberAt(this.parse(index), path);
    const reader = new Reader(source, this.where);
    let span: { start: number; end: number } | null = { start: 0, end: source.length };
    for (const key of path) {
      span = reader.memberSpan(span.start, key);
      if (!span) return undefined;
    }
    return reader.parseSpan(span.start, span.end);
  }
}

/** The member down `path` of a parsed value (own members only, as a parsed object has them). */
function memberAt(value: unknown, path: readonly string[]): unknown {
  for (const key of path) {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.hasOwn(value, key))
      return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * The JSON value in `bytes` (UTF-8), as JSON.parse would give it, read piece by piece; throws
 * LogFormatError naming `where` and the line and column of a mistake. `progress` hears how far it has got
 * after each piece of a list; `pieceBytes`: tests cut small pieces. `keepSpans: false` keeps no byte spans
 * (and so not the bytes): for readers that never show an event's text as the file has it. `element`
 * (with spans kept) may replace each element of a split list as it is parsed.
 */
export function parseJsonBytes(
  bytes: Uint8Array,
  where: string,
  options: {
    readonly pieceBytes?: number;
    readonly progress?: (doneBytes: number, totalBytes: number) => void;
    readonly keepSpans?: boolean;
    readonly element?: ElementHook;
  } = {},
): unknown {
  const reader = new Reader(
    bytes,
    where,
    options.pieceBytes ?? PIECE_TARGET,
    options.progress,
    options.keepSpans === false ? null : bytesInMemory(bytes),
  );
  reader.element = options.element ?? null;
  return readDocument(reader, where);
}

/**
 * The JSON value of a document read from `source` as it is parsed, as parseJsonBytes gives it, never
 * holding the whole file: a list's bytes are let go once its pieces are parsed, so what stays is a
 * window of a few blocks (or the longest value). `kept`: where the same bytes stay readable (the file
 * itself), so split lists keep their elements' byte spans as parseJsonBytes does (and `element` is
 * called); without it no spans are kept. `blockBytes`, `maxValueBytes`: tests read small blocks and refuse
 * shorter values.
 */
export function parseJsonStream(
  source: ByteSource,
  where: string,
  options: {
    readonly pieceBytes?: number;
    readonly blockBytes?: number;
    readonly maxValueBytes?: number;
    readonly progress?: (doneBytes: number, totalBytes: number) => void;
    readonly kept?: KeptBytes;
    readonly element?: ElementHook;
  } = {},
): unknown {
  const reader = new Reader(
    new Uint8Array(0),
    where,
    options.pieceBytes ?? PIECE_TARGET,
    options.progress,
    options.kept ?? null,
    source,
    options.blockBytes ?? BLOCK_BYTES,
    options.maxValueBytes ?? MAX_STRING_BYTES,
  );
  reader.element = options.element ?? null;
  return readDocument(reader, where);
}

/** A JSON value with more text after it: not one document (JSONL, or a damaged file). */
export class TextAfterValueError extends LogFormatError {}

function readDocument(reader: Reader, where: string): unknown {
  const start = reader.skipSpace(0);
  if (!reader.has(start)) throw new LogFormatError(where, 'the file is empty');
  const { value, end } = reader.read(start, 0);
  const after = reader.skipSpace(end);
  if (reader.has(after)) reader.fail(after, 'unexpected text after the JSON value', TextAfterValueError);
  return value;
}
