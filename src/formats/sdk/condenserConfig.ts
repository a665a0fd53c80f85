import { ConfigError, sdk } from '../../engine/index.ts';
import { ConfigTextError } from '../condenserConfig.ts';
import { describeJsonError } from '../errors.ts';
import { configNestingProblem } from '../nesting.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True for an SDK condenser object (`{"kind": "LLMSummarizingCondenser", ...}`), as opposed to a V0 `type` configuration. */
export function looksLikeSdkCondenserText(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return false;
  try {
    const value: unknown = JSON.parse(trimmed);
    return isRecord(value) && 'kind' in value && !('type' in value);
  } catch {
    return false;
  }
}

/**
 * Validates an SDK condenser object, as serialized under `agent.condenser` in base_state.json (its
 * `llm` key is ignored), by the given SDK rules. `source` names it in messages.
 */
export function parseSdkCondenserValue(value: unknown, rules: sdk.SdkRules, source: string): sdk.SdkCondenserConfig {
  try {
    return sdk.parseSdkCondenserConfig(value, rules);
  } catch (error) {
    if (error instanceof ConfigError)
      throw new ConfigTextError(
        `invalid SDK condenser configuration in ${source} (SDK ${rules} rules): ${error.message}`,
      );
    throw error;
  }
}

/** The same, from JSON text (a `--config` file). */
export function parseSdkCondenserText(text: string, rules: sdk.SdkRules, source: string): sdk.SdkCondenserConfig {
  let value: unknown;
  const trimmed = text.trim();
  try {
    value = JSON.parse(trimmed);
  } catch (error) {
    throw new ConfigTextError(`not valid JSON: ${describeJsonError(error, trimmed)}`);
  }
  if (isRecord(value) && 'type' in value && !('kind' in value)) {
    throw new ConfigTextError(
      `${source} is a V0 condenser configuration ("type"); an SDK log takes an SDK condenser object such as {"kind": "LLMSummarizingCondenser", "max_size": 80, "keep_first": 4}`,
    );
  }
  return parseSdkCondenserValue(value, rules, source);
}

/**
 * Why an SDK condenser object is refused whatever log it is replayed on: too deep to read, or refused by
 * every SDK's rules (the pinned SDK's reason). Null when some SDK takes it: a log is replayed under the rules
 * of the SDK that wrote it, so an object only some SDKs refuse is a problem of the log it meets.
 */
export function sdkCondenserRefusal(value: unknown): string | null {
  const nesting = configNestingProblem(value);
  if (nesting) return nesting;
  let refusal: string | null = null;
  for (const rules of sdk.SDK_RULES) {
    try {
      sdk.parseSdkCondenserConfig(value, rules);
      return null;
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      refusal ??= error.message;
    }
  }
  return refusal;
}
