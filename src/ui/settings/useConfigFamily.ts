import { sdk } from '../../engine/index.ts';
import { useAppState } from '../app/storeContext.tsx';
import { type ConfigFamily, V0_FAMILY, sdkFamily } from './schemaFields.ts';

/** The condenser family of the open log: OpenHands' `[condenser]` tables, or the SDK's condensers under its rules. */
export function useConfigFamily(): ConfigFamily {
  const flavor = useAppState((s) => s.active?.opened.flavor ?? 'v0');
  const rules = useAppState((s) => s.active?.record.sdkRules ?? s.active?.opened.sdkRules ?? sdk.PINNED_SDK_RULES);
  return flavor === 'sdk' ? sdkFamily(rules) : V0_FAMILY;
}
