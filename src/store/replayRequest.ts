import { ConfigError, sdk } from '../engine/index.ts';
import { parseCondenserConfig } from '../engine/v0/index.ts';
import {
  condenserConfigToToml,
  parseCondenserConfigText,
  parseSdkCondenserText,
  withoutSecrets,
} from '../formats/index.ts';
import { errorText } from './errorText.ts';
import type { ActiveSession, AppState } from './types.ts';

/** The parts of a replay request that come from the open session, whatever the configuration. */
export function sessionReplayRequest(state: AppState) {
  const { active, mode, onMissing } = state;
  return {
    mode,
    onMissing,
    answers: active?.answers ?? {},
    prompts: active?.record.prompts ?? {},
    sdkRules: active ? rulesOf(active) : undefined,
  };
}

function rulesOf(active: ActiveSession): sdk.SdkRules | undefined {
  return active.record.sdkRules ?? active.opened.sdkRules ?? undefined;
}

function isSdk(active: ActiveSession | null): active is ActiveSession {
  return active?.opened.flavor === 'sdk';
}

/** What is wrong with a configuration for the open session's log, or null. */
export function configProblem(config: unknown, active: ActiveSession | null): string | null {
  try {
    if (isSdk(active)) sdk.parseSdkCondenserConfig(config, rulesOf(active));
    else parseCondenserConfig(config);
    return null;
  } catch (error) {
    return error instanceof ConfigError ? error.message : errorText(error);
  }
}

/** Reads pasted configuration text: a `[condenser]` TOML section or JSON, or an SDK condenser object. */
export function readConfigText(text: string, active: ActiveSession | null): unknown {
  return isSdk(active)
    ? parseSdkCondenserText(text, rulesOf(active) ?? sdk.PINNED_SDK_RULES, 'the pasted configuration')
    : parseCondenserConfigText(text);
}

/** The configuration as text to paste back: a `[condenser]` TOML section, or the SDK's JSON object. */
export function configText(
  config: unknown,
  active: ActiveSession | null,
): { readonly text: string; readonly format: 'toml' | 'json' } {
  // Sessions stored by older versions may still hold credentials: never copied out.
  const clean = withoutSecrets(config);
  return isSdk(active)
    ? { text: `${JSON.stringify(clean, null, 2)}\n`, format: 'json' }
    : { text: condenserConfigToToml(clean), format: 'toml' };
}
