import { ConfigError, sdk, v0 } from '../../engine/index.ts';
import { MAX_SWEEP_CONFIGS, sdkCondenserRefusal } from '../../formats/index.ts';
import { UsageError } from '../args.ts';
import type { SweepConfigSpec } from './types.ts';

/**
 * `--grid 'type=llm,amortized max_size=40:200:40 keep_first=1,2,4'`: every combination of the values
 * given, one configuration each. Words are `key=values`, separated by spaces; values are a comma list
 * (`1,2,4`, `llm,amortized`, `true`) or an inclusive range `start:stop:step` (`40:200:40` is 40, 80, ...,
 * 200). Each value reads as JSON where it can (numbers, true, false, null), else as text. The grid
 * needs `type` (V0) or `kind` (SDK); a key goes only to the types that take it, so combinations that
 * differ only in a key their type ignores are one configuration. A combination OpenHands would refuse
 * (keep_first too large for max_size, max_size=abc...) is left out and counted, not swept: a V0 one by
 * OpenHands' rules, an SDK one when every SDK's rules refuse it (one only some refuse depends on the log).
 */

interface GridAxis {
  readonly key: string;
  readonly values: readonly unknown[];
}

export interface Grid {
  readonly configs: readonly SweepConfigSpec[];
  /** Combinations left out because OpenHands refuses them (whatever the log), with the first reason. */
  readonly refused: number;
  readonly firstRefusal: string | null;
}

function gridValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function rangeValues(key: string, text: string): number[] {
  const parts = text.split(':').map(Number);
  const [start, stop, step = 1] = parts;
  if (parts.length > 3 || parts.some((part) => !Number.isFinite(part)) || start === undefined || stop === undefined)
    throw new UsageError(`--grid ${key}=${text}: a range is start:stop or start:stop:step, in numbers`);
  if (step <= 0 || stop < start)
    throw new UsageError(`--grid ${key}=${text}: a range needs a positive step and stop at least start`);
  const values: number[] = [];
  // Counted, not accumulated, so 0.1 steps do not drift.
  for (let k = 0; start + k * step <= stop + 1e-9; k++) {
    values.push(Number((start + k * step).toPrecision(12)));
    if (values.length > MAX_SWEEP_CONFIGS) throw new UsageError(`--grid ${key}=${text}: too many values`);
  }
  return values;
}

function parseAxis(word: string): GridAxis {
  const equals = word.indexOf('=');
  if (equals <= 0 || equals === word.length - 1)
    throw new UsageError(
      `--grid: "${word.slice(0, 60)}" is not key=values (e.g. max_size=40:200:40 or keep_first=1,2)`,
    );
  const key = word.slice(0, equals);
  const text = word.slice(equals + 1);
  const values = /^-?[\d.]+:-?[\d.]+(:[\d.]+)?$/.test(text)
    ? rangeValues(key, text)
    : text.split(',').map((value) => {
        if (value === '') throw new UsageError(`--grid ${key}=${text}: an empty value`);
        return gridValue(value);
      });
  return { key, values: [...new Map(values.map((value) => [JSON.stringify(value), value])).values()] };
}

/** The keys a V0 type or SDK kind takes (under either SDK's rules); null when it is no known one. */
function keysOf(family: 'type' | 'kind', name: unknown): ReadonlySet<string> | null {
  if (typeof name !== 'string') return null;
  const shapeKeys = (schema: unknown) => Object.keys((schema as { shape?: object }).shape ?? {});
  if (family === 'type') {
    const definition = v0.condenserDefinition(name);
    return definition ? new Set(shapeKeys(definition.schema)) : null;
  }
  const definition = sdk.sdkCondenserDefinition(name);
  return definition ? new Set(sdk.SDK_RULES.flatMap((rules) => shapeKeys(definition.schema(rules)))) : null;
}

function* combinations(
  axes: readonly GridAxis[],
  at = 0,
  chosen: [string, unknown][] = [],
): Generator<[string, unknown][]> {
  if (at === axes.length) {
    yield chosen;
    return;
  }
  for (const value of axes[at]!.values) yield* combinations(axes, at + 1, [...chosen, [axes[at]!.key, value]]);
}

/** Why OpenHands refuses a V0 configuration, or null. */
function v0Refusal(value: unknown): string | null {
  try {
    v0.parseCondenserConfig(value);
    return null;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.message;
  }
}

const nameOf = (pairs: ReadonlyArray<[string, unknown]>) =>
  pairs.map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`).join(' ');

/** The configurations of one `--grid` value. Throws UsageError naming the word it cannot use. */
export function parseGrid(text: string): Grid {
  const axes = text.trim().split(/\s+/).filter(Boolean).map(parseAxis);
  const family = axes.some((axis) => axis.key === 'kind') ? 'kind' : 'type';
  const head = axes.find((axis) => axis.key === family);
  if (!head) throw new UsageError('--grid needs type=... (V0 condensers) or kind=... (SDK condensers)');
  if (axes.some((axis) => axis.key === 'type') && axes.some((axis) => axis.key === 'kind'))
    throw new UsageError('--grid: give type=... (V0) or kind=... (SDK), not both');
  const seenKeys = new Set<string>();
  for (const axis of axes) {
    if (seenKeys.has(axis.key)) throw new UsageError(`--grid: ${axis.key} is given twice`);
    seenKeys.add(axis.key);
  }
  const keysByName = new Map(head.values.map((name) => [name, keysOf(family, name)]));
  for (const [name, keys] of keysByName)
    if (!keys) throw new UsageError(`--grid: unknown condenser ${family} ${JSON.stringify(name)}`);
  for (const axis of axes) {
    if (axis === head) continue;
    if (![...keysByName.values()].some((keys) => keys!.has(axis.key)))
      throw new UsageError(
        `--grid: no ${family} of the grid takes ${axis.key} (${[...keysByName.keys()].map(String).join(', ')})`,
      );
  }
  const count = axes.reduce((product, axis) => product * axis.values.length, 1);
  if (count > MAX_SWEEP_CONFIGS)
    throw new UsageError(`--grid makes ${count} configurations, more than the ${MAX_SWEEP_CONFIGS} a sweep takes`);
  const configs = new Map<string, SweepConfigSpec>();
  // By name too: a condenser that does not take an axis makes the same combination once per its values.
  const refusedNames = new Set<string>();
  let firstRefusal: string | null = null;
  // The type or kind first, then the other keys in the order given.
  const ordered = [head, ...axes.filter((axis) => axis !== head)];
  for (const pairs of combinations(ordered)) {
    const keys = keysByName.get(pairs[0]![1])!;
    const taken = pairs.filter(([key], k) => k === 0 || keys.has(key));
    const name = nameOf(taken);
    if (configs.has(name) || refusedNames.has(name)) continue;
    const value = Object.fromEntries(taken);
    const refusal = family === 'type' ? v0Refusal(value) : sdkCondenserRefusal(value);
    if (refusal !== null) {
      refusedNames.add(name);
      firstRefusal ??= `${name}: ${refusal}`;
      continue;
    }
    configs.set(name, { name, kind: family === 'type' ? 'v0' : 'sdk', value });
  }
  return { configs: [...configs.values()], refused: refusedNames.size, firstRefusal };
}
