import type { LogEvent } from '../events.ts';
import { pydanticLaxInt } from '../pydanticInt.ts';
import { MEMO_CHARS, truncateContent, hasOwnKey, weakFifoMemo, ownEntry, roughChars } from '../../core/index.ts';
import { NotALiteral, literalEval } from './pyLiteral.ts';
import { PyEnum } from './pythonRepr.ts';
import {
  ACTION_CLASSES,
  CMD_OUTPUT_METADATA_DEFAULTS,
  type ClassSpec,
  OBSERVATION_CLASSES,
  Required,
} from './v0Classes.ts';

/**
 * A logged event as OpenHands' `event_from_dict` turns it into its dataclass (events/serialization at
 * 156d068): the legacy keys fixed (`is_confirmed`, `images_urls`, `translated_ipython_code`,
 * `exit_code`/`command_id` folded into `metadata`...), enums where OpenHands makes them, and every
 * missing field at its default. Keys the class does not have are left out (OpenHands refuses such
 * a log outright; the inspector reads on).
 */
export interface PyEvent {
  readonly className: string;
  readonly source: PyEnum | null;
  /** The dataclass fields, in declaration order (what its repr prints). */
  readonly fields: ReadonlyMap<string, unknown>;
}

const SOURCES: Record<string, PyEnum> = {
  agent: new PyEnum('EventSource', 'AGENT', 'agent'),
  user: new PyEnum('EventSource', 'USER', 'user'),
  environment: new PyEnum('EventSource', 'ENVIRONMENT', 'environment'),
};
const RISKS = ['UNKNOWN', 'LOW', 'MEDIUM', 'HIGH'];
const RECALL_TYPES: Record<string, PyEnum> = {
  workspace_context: new PyEnum('RecallType', 'WORKSPACE_CONTEXT', 'workspace_context'),
  knowledge: new PyEnum('RecallType', 'KNOWLEDGE', 'knowledge'),
};
const FILE_EDITOR_CALL = 'print(file_editor(**';
/** CmdOutputObservation cuts longer outputs in its constructor (MAX_CMD_OUTPUT_SIZE). */
const MAX_CMD_OUTPUT_SIZE = 30_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof PyEnum);
}

/** `ActionSecurityRisk(value)`, or undefined where the lookup raises (the key is then dropped). */
function securityRisk(value: unknown): PyEnum | undefined {
  const number = typeof value === 'boolean' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < -1 || number > 2) return undefined;
  return new PyEnum('ActionSecurityRisk', RISKS[number + 1]!, number);
}

/** `action_from_dict`'s fixes of old argument names and values. */
function actionArgs(raw: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const args: Record<string, unknown> = { ...raw };
  delete args.timestamp;
  if ('is_confirmed' in args) {
    if (args.is_confirmed !== null) args.confirmation_state = args.is_confirmed;
    delete args.is_confirmed;
  }
  if ('images_urls' in args) {
    args.image_urls = args.images_urls;
    delete args.images_urls;
  }
  if (args.security_risk !== undefined && args.security_risk !== null) {
    const risk = securityRisk(args.security_risk);
    if (risk) args.security_risk = risk;
    else delete args.security_risk;
  }
  delete args.keep_prompt;
  delete args.task_completed;
  if ('translated_ipython_code' in args) {
    const code = args.translated_ipython_code;
    delete args.translated_ipython_code;
    if (typeof code === 'string' && code.startsWith(FILE_EDITOR_CALL) && code.endsWith('))')) {
      try {
        const fileArgs = literalEval(code.slice(FILE_EDITOR_CALL.length, -2));
        if (isRecord(fileArgs)) Object.assign(args, fileArgs);
      } catch (error) {
        if (!(error instanceof NotALiteral)) throw error;
      }
    }
    // A "view" became a FileReadAction, which has no command.
    if (args.command === 'view') delete args.command;
  }
  return args;
}

/** `CmdOutputMetadata(**metadata)`: pydantic reads its ints laxly and ignores unknown keys. */
function cmdOutputMetadata(given: Record<string, unknown>): Record<string, unknown> {
  const metadata: Record<string, unknown> = { ...CMD_OUTPUT_METADATA_DEFAULTS };
  for (const key of Object.keys(CMD_OUTPUT_METADATA_DEFAULTS)) {
    if (!(key in given)) continue;
    const value = given[key];
    if (key === 'exit_code' || key === 'pid') metadata[key] = pydanticLaxInt(value) ?? metadata[key];
    else if (typeof value === 'string' || (value === null && key !== 'prefix' && key !== 'suffix'))
      metadata[key] = value;
  }
  return metadata;
}

/** `observation_from_dict`'s fixes, and what the observation classes' constructors do. */
function observationExtras(
  type: string,
  content: string,
  raw: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const extras: Record<string, unknown> = { ...raw, content };
  // handle_observation_deprecated_extras: exit_code and command_id move into metadata.
  for (const [legacy, key] of [
    ['exit_code', 'exit_code'],
    ['command_id', 'pid'],
  ] as const) {
    if (!(legacy in extras)) continue;
    const metadata = extras.metadata;
    if (metadata === undefined || metadata === null) extras.metadata = { [key]: extras[legacy] };
    else if (isRecord(metadata)) extras.metadata = { ...metadata, [key]: extras[legacy] };
    delete extras[legacy];
  }
  delete extras.formatted_output_and_error;
  if (type === 'run') {
    extras.metadata = cmdOutputMetadata(isRecord(extras.metadata) ? extras.metadata : {});
    if (!extras.hidden) extras.content = truncateContent(content, MAX_CMD_OUTPUT_SIZE);
  }
  if (type === 'recall') {
    if (typeof extras.recall_type === 'string' && hasOwnKey(RECALL_TYPES, extras.recall_type))
      extras.recall_type = RECALL_TYPES[extras.recall_type];
    else delete extras.recall_type;
  }
  return extras;
}

function fieldsOf(spec: ClassSpec, bag: Record<string, unknown>): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  for (const [name, fallback] of spec.fields) {
    fields.set(name, name in bag ? bag[name] : fallback instanceof Required ? fallback.fallback : fallback);
  }
  return fields;
}

/** Converted events remembered: prompts and measured replays convert the same events again. */
const fieldChars = (event: PyEvent | null): number => {
  let chars = 0;
  for (const value of event?.fields.values() ?? []) chars += roughChars(value);
  return chars;
};
const converted = weakFifoMemo<LogEvent, PyEvent | null>(MEMO_CHARS, fieldChars);

/** The dataclass OpenHands builds from the event, or null for a type it has no class for. */
export function pyEventOf(event: LogEvent): PyEvent | null {
  return converted.get(event, () => convert(event));
}

function convert(event: LogEvent): PyEvent | null {
  const spec = ownEntry(event.kind === 'action' ? ACTION_CLASSES : OBSERVATION_CLASSES, event.type);
  if (!spec) return null;
  const bag =
    event.kind === 'action' ? actionArgs(event.args) : observationExtras(event.type, event.content, event.extras);
  return {
    className: spec.className,
    source: event.source ? (ownEntry(SOURCES, event.source) ?? null) : null,
    fields: fieldsOf(spec, bag),
  };
}
