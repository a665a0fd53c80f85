import type { ModelPrices } from '../engine/index.ts';
import { MODEL_NOT_RECORDED } from '../formats/index.ts';
import { pricesFor } from '../inspect/index.ts';
import type { AppState } from './types.ts';

type PriceTable = Readonly<Record<string, ModelPrices>>;

/** The prices the open session's dollars are figured at: its own table when it has one, else the user's defaults. */
export function sessionPrices(state: Pick<AppState, 'active' | 'prices'>): PriceTable {
  return state.active?.record.prices ?? state.prices;
}

/**
 * What the reproduction file carries: the session's prices for every model it names (the agent's, each model the
 * bill recorded, and any the user priced), presets written out, so that a later app with other presets figures
 * the same dollars.
 */
export function pricesToExport(state: Pick<AppState, 'active' | 'prices' | 'usage'>): Record<string, ModelPrices> {
  const table = sessionPrices(state);
  const opened = state.active?.opened;
  const models = new Set<string>(Object.keys(table));
  for (const model of [opened?.agentModel, state.usage?.model, ...Object.keys(opened?.recordedBill.byModel ?? {})])
    if (model && model !== MODEL_NOT_RECORDED) models.add(model);
  const exported: Record<string, ModelPrices> = {};
  for (const model of [...models].sort()) {
    const resolved = pricesFor(model, table);
    if (resolved) exported[model] = { ...resolved.prices };
  }
  return exported;
}
