import { z } from 'zod';
import {
  AGENT_PROFILES,
  type AgentProfile,
  type LlmAnswer,
  type ModelPrices,
  type ReplayMode,
  sdk,
} from '../engine/index.ts';
import { fromBase64, toBase64 } from './base64.ts';
import { LogFormatError, parseJson } from './errors.ts';
import { utf8Bytes, withoutBom } from './encoding.ts';
import { parseJsonBytes } from './jsonBytes.ts';
import type { LogFile, LogInput } from './types.ts';
import { configNestingProblem } from './nesting.ts';

/** The reproduction file: everything needed to replay a session exactly, offline, without a key. */
export const SESSION_FILE_FORMAT = 'condenser-inspector-session';
/**
 * 2 added the agent's message settings (profile and templates); 3 logs given as bytes (archives), in
 * base64; 4 logs too long for one string, as a list of base64 pieces; 5 the session's prices. A file is
 * written at the lowest version that holds what it carries, so that older versions of the app open it.
 * Older files still open.
 */
export const SESSION_FILE_VERSION = 5;
/** The version written when no log needs base64 pieces and no prices travel. */
const PLAIN_VERSION = 3;
const PIECES_VERSION = 4;
/**
 * Logs longer than this go in base64 pieces of BASE64_PIECE_BYTES: a JavaScript string holds at most
 * about 512 MiB, so one base64 string cannot carry a log of a few hundred megabytes.
 */
const PIECES_ABOVE_BYTES = 64 * 1024 * 1024;
/** A multiple of 3, so that the pieces' base64 strings join into the base64 of the whole. */
const BASE64_PIECE_BYTES = 6 * 1024 * 1024;

export interface SessionFile {
  readonly format: typeof SESSION_FILE_FORMAT;
  readonly version: number;
  readonly appVersion: string;
  readonly session: {
    readonly name: string;
    readonly notes: string;
    readonly config: unknown;
    readonly mode: ReplayMode;
    readonly prompts: { readonly llm?: string; readonly structured?: string };
    readonly instance: string | null;
    readonly step: number | null;
    /** Agent SDK logs: which SDK's rules the replay follows. */
    readonly sdkRules?: sdk.SdkRules;
    /** How the agent's messages are built: provider profile and the session's templates (by file name). */
    readonly agent?: { readonly profile: AgentProfile; readonly templates: Readonly<Record<string, string>> };
    /** Compare's configuration B, when the session set one. */
    readonly compare?: { readonly config: unknown };
    /** The prices its dollars were figured at, per model, in dollars per million tokens. */
    readonly prices?: Readonly<Record<string, ModelPrices>>;
  };
  readonly log: LogInput;
  readonly answers: Readonly<Record<string, LlmAnswer>>;
}

const logFile = z.union([
  z.strictObject({ path: z.string(), text: z.string() }),
  z.strictObject({ path: z.string(), base64: z.string() }),
  z.strictObject({ path: z.string(), base64_pieces: z.array(z.string()) }),
]);
type StoredLogFile = z.infer<typeof logFile>;
const answer = z.strictObject({
  content: z.string().nullable(),
  toolCalls: z.array(z.strictObject({ name: z.string(), arguments: z.string() })).optional(),
  usage: z.strictObject({ promptTokens: z.number(), completionTokens: z.number() }).optional(),
});

const price = z.number().nonnegative().finite();
const modelPrices = z.strictObject({ input: price, cacheRead: price, cacheWrite: price, output: price });

const sessionFileSchema = z.strictObject({
  format: z.literal(SESSION_FILE_FORMAT),
  version: z.union([
    z.literal(1),
    z.literal(2),
    z.literal(PLAIN_VERSION),
    z.literal(PIECES_VERSION),
    z.literal(SESSION_FILE_VERSION),
  ]),
  appVersion: z.string(),
  session: z.strictObject({
    name: z.string().min(1),
    notes: z.string(),
    config: z.unknown(),
    mode: z.enum(['recorded', 'resimulate']),
    prompts: z.strictObject({ llm: z.string().optional(), structured: z.string().optional() }),
    instance: z.string().nullable(),
    step: z.number().int().nonnegative().nullable(),
    sdkRules: z.enum(sdk.SDK_RULES as [sdk.SdkRules, ...sdk.SdkRules[]]).optional(),
    agent: z
      .strictObject({
        profile: z.enum(AGENT_PROFILES as [AgentProfile, ...AgentProfile[]]),
        templates: z.strictObject({
          system_prompt: z.string().optional(),
          additional_info: z.string().optional(),
          microagent_info: z.string().optional(),
        }),
      })
      .optional(),
    compare: z.strictObject({ config: z.unknown() }).optional(),
    prices: z.record(z.string().min(1), modelPrices).optional(),
  }),
  log: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('file'), file: logFile }),
    z.strictObject({ kind: z.literal('folder'), name: z.string(), files: z.array(logFile).min(1) }),
  ]),
  // Each answer is checked by answersOf, which keeps every key (zod's record leaves "__proto__" out).
  answers: z.record(z.string(), z.unknown()),
});

/** A key as a place names it: `.name`, or `["…"]` when it is empty or could be misread (a dot, a space...). */
function placePart(part: PropertyKey): string {
  if (typeof part === 'number') return `[${part}]`;
  const key = String(part);
  return /^[\w$:@/+-]+$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

/**
 * The one-line error for a schema issue at `prefix` + its path: "<where>: <place>: <problem>", or
 * "<where>: <problem>" for the file as a whole; a record key that is refused is named as its place.
 */
function issueError(where: string, issue: z.core.$ZodIssue, prefix: readonly PropertyKey[] = []): LogFormatError {
  const place = [...prefix, ...issue.path].map(placePart).join('').replace(/^\./, '');
  const problem =
    issue.code === 'invalid_key' && issue.issues[0] ? `${issue.message} (${issue.issues[0].message})` : issue.message;
  return new LogFormatError(place ? `${where}: ${place}` : where, problem);
}

/**
 * The recorded answers by request key, each checked, every key kept: an answer is paid work, never
 * dropped without a word. Object.fromEntries defines each key as the object's own, "__proto__" too (as
 * JSON.parse reads it), where an assignment would set the prototype instead.
 */
function answersOf(answers: Readonly<Record<string, unknown>>, where: string): Record<string, LlmAnswer> {
  return Object.fromEntries(
    Object.entries(answers).map(([key, item]) => {
      const result = answer.safeParse(item);
      if (!result.success) throw issueError(where, result.error.issues[0]!, ['answers', key]);
      return [key, result.data];
    }),
  );
}

/**
 * Reads a reproduction file (its text, or its bytes when it may be too long for one string); a newer
 * or malformed one gets a message naming the problem.
 */
export function parseSessionFile(source: string | Uint8Array, where = 'session file'): SessionFile {
  // As any file the app reads: UTF-8 or UTF-16, with or without a byte-order mark.
  const value =
    typeof source === 'string' ? parseJson(withoutBom(source), where) : parseJsonBytes(utf8Bytes(source), where);
  if (typeof value !== 'object' || value === null || (value as { format?: unknown }).format !== SESSION_FILE_FORMAT) {
    throw new LogFormatError(where, 'this is not a Condenser Inspector session file');
  }
  const version = (value as { version?: unknown }).version;
  if (typeof version === 'number' && version > SESSION_FILE_VERSION) {
    throw new LogFormatError(
      where,
      `this session file was made by a newer Condenser Inspector (file format ${version}); this version reads format ${SESSION_FILE_VERSION}. Update the app to open it.`,
    );
  }
  const result = sessionFileSchema.safeParse(value);
  if (!result.success) throw issueError(where, result.error.issues[0]!);
  // The file's own answers object (JSON.parse keeps a "__proto__" key as data): the record checked its shape.
  const answers = answersOf((value as { answers: Record<string, unknown> }).answers, where);
  for (const [place, config] of [
    ['session.config', result.data.session.config],
    ['session.compare.config', result.data.session.compare?.config],
  ] as const) {
    const nesting = configNestingProblem(config);
    if (nesting) throw new LogFormatError(`${where}: ${place}`, nesting);
  }
  const { log, answers: _checked, ...rest } = result.data;
  const read = (file: StoredLogFile, place: string): LogFile => {
    if ('text' in file) return file;
    const pieces = 'base64' in file ? [file.base64] : file.base64_pieces;
    const decoded = pieces.map((piece, k) => {
      const bytes = fromBase64(piece);
      if (!bytes)
        throw new LogFormatError(
          `${where}: ${place}.${'base64' in file ? 'base64' : `base64_pieces[${k}]`}`,
          'not valid base64',
        );
      return bytes;
    });
    if (decoded.length === 1) return { path: file.path, bytes: decoded[0]! };
    const bytes = new Uint8Array(decoded.reduce((sum, piece) => sum + piece.length, 0));
    let at = 0;
    for (const piece of decoded) {
      bytes.set(piece, at);
      at += piece.length;
    }
    return { path: file.path, bytes };
  };
  const input: LogInput =
    log.kind === 'file'
      ? { kind: 'file', file: read(log.file, 'log.file') }
      : { kind: 'folder', name: log.name, files: log.files.map((file, i) => read(file, `log.files[${i}]`)) };
  return { ...rest, log: input, answers } as SessionFile;
}

/** Session files name their format first, so a glance at the start tells them from event logs. */
export function isSessionFileText(text: string): boolean {
  return text.slice(0, 300).includes(`"${SESSION_FILE_FORMAT}"`);
}

/**
 * The reproduction file as pieces of text to be joined (a Blob, a stream): a long log never becomes
 * one string. Logs given as bytes go in as base64 (the file stays JSON), in pieces past
 * PIECES_ABOVE_BYTES; `piecesAbove` lets tests use small logs.
 */
export function writeSessionFileParts(
  file: Omit<SessionFile, 'format' | 'version'>,
  piecesAbove = PIECES_ABOVE_BYTES,
): string[] {
  const files = file.log.kind === 'file' ? [file.log.file] : file.log.files;
  const long = (logFile: LogFile) => (logFile.bytes ? logFile.bytes.length : logFile.text!.length) > piecesAbove;
  const version = file.session.prices ? SESSION_FILE_VERSION : files.some(long) ? PIECES_VERSION : PLAIN_VERSION;
  const { log, ...rest } = file;
  const parts = [JSON.stringify({ format: SESSION_FILE_FORMAT, version, ...rest }).slice(0, -1)];
  const writeFile = (logFile: LogFile) => {
    if (!long(logFile)) {
      parts.push(
        JSON.stringify(
          logFile.bytes
            ? { path: logFile.path, base64: toBase64(logFile.bytes) }
            : { path: logFile.path, text: logFile.text },
        ),
      );
      return;
    }
    const bytes = logFile.bytes ?? new TextEncoder().encode(logFile.text);
    parts.push(`{"path":${JSON.stringify(logFile.path)},"base64_pieces":[`);
    for (let start = 0; start < bytes.length; start += BASE64_PIECE_BYTES) {
      parts.push(`${start ? ',' : ''}"${toBase64(bytes.subarray(start, start + BASE64_PIECE_BYTES))}"`);
    }
    parts.push(']}');
  };
  if (log.kind === 'file') {
    parts.push(',"log":{"kind":"file","file":');
    writeFile(log.file);
  } else {
    parts.push(`,"log":{"kind":"folder","name":${JSON.stringify(log.name)},"files":[`);
    log.files.forEach((logFile, k) => {
      if (k) parts.push(',');
      writeFile(logFile);
    });
    parts.push(']');
  }
  parts.push('}}');
  return parts;
}

/** The reproduction file as one string (small sessions, tests). */
export function writeSessionFile(file: Omit<SessionFile, 'format' | 'version'>, piecesAbove?: number): string {
  return writeSessionFileParts(file, piecesAbove).join('');
}
