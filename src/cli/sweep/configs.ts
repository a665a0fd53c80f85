import { basename } from 'node:path';
import { CONDENSER_PRESETS, presetById } from '../../engine/index.ts';
import {
  ConfigTextError,
  type SweepConfig,
  looksLikeSdkCondenserText,
  parseCondenserConfigText,
  sdkCondenserRefusal,
} from '../../formats/index.ts';
import { UsageError } from '../args.ts';
import { readTextFile } from '../readInput.ts';
import type { SweepConfigSpec } from './types.ts';

/**
 * `--config` values: a file (JSON or the `[condenser]` section of a config.toml for V0 logs, an SDK
 * condenser object for SDK logs), `preset:<id>` (engine/presets.ts), or `recorded` (the log's own run).
 */
export function readSweepConfig(value: string): SweepConfigSpec {
  if (value === 'recorded') return { name: 'recorded', kind: 'recorded' };
  if (value.startsWith('preset:')) {
    const id = value.slice('preset:'.length);
    if (!presetById(id))
      throw new UsageError(`unknown preset ${id} (known: ${CONDENSER_PRESETS.map((preset) => preset.id).join(', ')})`);
    return { name: value, kind: 'preset', presetId: id };
  }
  const text = readTextFile(value, 'configuration');
  const name = basename(value);
  try {
    // An SDK object is checked per log, under the rules of the SDK that wrote it; here only whether any SDK takes it.
    if (looksLikeSdkCondenserText(text)) {
      const sdkValue = JSON.parse(text) as unknown;
      const refusal = sdkCondenserRefusal(sdkValue);
      if (refusal !== null) throw new ConfigTextError(`invalid SDK condenser configuration: ${refusal}`);
      return { name, kind: 'sdk', value: sdkValue };
    }
    return { name, kind: 'v0', value: parseCondenserConfigText(text) };
  } catch (error) {
    if (error instanceof ConfigTextError) throw new ConfigTextError(`${value}: ${error.message}`);
    throw error;
  }
}

/** Two configurations of the same file name get told apart. */
export function uniqueNames(specs: readonly SweepConfigSpec[]): SweepConfigSpec[] {
  const seen = new Map<string, number>();
  return specs.map((spec) => {
    const n = (seen.get(spec.name) ?? 0) + 1;
    seen.set(spec.name, n);
    return n === 1 ? spec : { ...spec, name: `${spec.name}#${n}` };
  });
}

/** What the result records of each configuration, so the app can replay a row again. */
export function describeConfig(spec: SweepConfigSpec): SweepConfig {
  switch (spec.kind) {
    case 'recorded':
      return { name: spec.name, config: null, sdkRules: null };
    case 'preset': {
      const preset = presetById(spec.presetId)!;
      return { name: spec.name, config: preset.build({}), sdkRules: preset.sdkRules ?? null };
    }
    default:
      return { name: spec.name, config: spec.value, sdkRules: null };
  }
}
