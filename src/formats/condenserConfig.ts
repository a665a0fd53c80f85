import { parse as parseToml, stringify as stringifyToml } from 'smol-toml';
import { describeJsonError } from './errors.ts';
import { ConfigError } from '../engine/index.ts';
import { type CondenserConfig, type ReadConfig, readCondenserConfig } from '../engine/v0/index.ts';
import { configNestingProblem } from './nesting.ts';

/** A configuration text that is not valid JSON/TOML or not a valid condenser configuration. */
export class ConfigTextError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigTextError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** TOML gives dates and big integers their own types; a condenser section has neither. */
function plainToml(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(plainToml);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plainToml(item)]));
  return value;
}

/** smol-toml's first line (the rest quotes the input), with the line and column it knows. */
function tomlProblem(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 200);
  const first = error.message.split('\n')[0]!.slice(0, 200);
  const place = error as { line?: unknown; column?: unknown };
  return typeof place.line === 'number' && typeof place.column === 'number'
    ? `${first} (line ${place.line}, column ${place.column})`
    : first;
}

function readToml(text: string): Record<string, unknown> {
  let document: unknown;
  try {
    document = plainToml(parseToml(text));
  } catch (error) {
    throw new ConfigTextError(`not valid TOML: ${tomlProblem(error)}`);
  }
  if (!isRecord(document)) throw new ConfigTextError('not a TOML table');
  // A whole config.toml: take its [condenser] section. A bare section: its keys are the condenser's.
  if (isRecord(document.condenser)) return document.condenser;
  if ('type' in document) return document;
  throw new ConfigTextError('no [condenser] section found (and no top-level "type" key)');
}

/**
 * Reads a condenser configuration given as JSON (`{"type": "llm", ...}`) or as TOML (a `[condenser]`
 * section, or a whole config.toml holding one) and validates it with OpenHands' rules; the notes say
 * what OpenHands assumed (a missing `type`...).
 */
export function readCondenserConfigText(text: string): ReadConfig {
  const trimmed = text.trim();
  if (trimmed === '') throw new ConfigTextError('the configuration is empty');
  let value: unknown;
  if (trimmed.startsWith('{')) {
    try {
      value = JSON.parse(trimmed);
    } catch (error) {
      throw new ConfigTextError(`not valid JSON: ${describeJsonError(error, trimmed)}`);
    }
  } else {
    value = readToml(trimmed);
  }
  const nesting = configNestingProblem(value);
  if (nesting) throw new ConfigTextError(nesting);
  try {
    return readCondenserConfig(value);
  } catch (error) {
    if (error instanceof ConfigError) throw new ConfigTextError(`invalid condenser configuration: ${error.message}`);
    throw error;
  }
}

/** `readCondenserConfigText` without the notes. */
export function parseCondenserConfigText(text: string): CondenserConfig {
  return readCondenserConfigText(text).config;
}

/** The configuration as the `[condenser]` section of a config.toml, ready to paste back into OpenHands. */
export function condenserConfigToToml(config: unknown): string {
  return `${stringifyToml({ condenser: config as Record<string, unknown> }).trim()}\n`;
}
