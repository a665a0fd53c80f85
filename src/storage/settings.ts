import type { ModelPrices } from '../engine/index.ts';
import type { InspectorDb } from './db.ts';
import { type TabKeyShelf, tabKeyShelf } from './tabKey.ts';

/** An OpenAI-compatible endpoint the user set up, with optional prices for cost estimates. */
export interface LlmSettings {
  readonly baseURL: string;
  readonly model: string;
  /** Kept only in this browser (or this tab); sent only to `baseURL`. Empty when forgotten. */
  readonly apiKey: string;
  /** US dollars per million tokens, for cost estimates (null: unknown). */
  readonly inputPrice: number | null;
  readonly outputPrice: number | null;
  /**
   * Where the key is kept: 'browser' (this browser's storage for the site, until forgotten; older
   * records) or 'tab' (this tab only: never written to the database, gone when the tab closes).
   */
  readonly keyStorage?: 'browser' | 'tab';
  /** The most one request may take, from its start to the end of its answer (default: DEFAULT_DEADLINE_MS). */
  readonly deadlineMs?: number;
  /** Answers past this size are refused while read (default: DEFAULT_MAX_ANSWER_BYTES). */
  readonly maxAnswerBytes?: number;
}

const LLM_KEY = 'llm-endpoint';
const PRICES_KEY = 'model-prices';

/** The user's own prices, by model name as the logs record it (presets fill in the rest). */
export type PriceOverrides = Readonly<Record<string, ModelPrices>>;

export class SettingsStore {
  constructor(
    private readonly db: InspectorDb,
    /** Where a key kept for this tab only goes (never the database). */
    private readonly tabKey: TabKeyShelf = tabKeyShelf(),
  ) {}

  async llm(): Promise<LlmSettings | null> {
    const record = await this.db.settings.get(LLM_KEY);
    const stored = (record?.value as LlmSettings | undefined) ?? null;
    if (stored?.keyStorage !== 'tab') return stored;
    return { ...stored, apiKey: this.tabKey.get() ?? '' };
  }

  /** A key kept for this tab only is written to the tab's shelf, never to the database. */
  async saveLlm(settings: LlmSettings): Promise<void> {
    const tabOnly = settings.keyStorage === 'tab';
    await this.db.settings.put({ key: LLM_KEY, value: tabOnly ? { ...settings, apiKey: '' } : settings });
    this.tabKey.set(tabOnly && settings.apiKey ? settings.apiKey : null);
  }

  async prices(): Promise<PriceOverrides> {
    const record = await this.db.settings.get(PRICES_KEY);
    return (record?.value as PriceOverrides | undefined) ?? {};
  }

  async savePrices(prices: PriceOverrides): Promise<void> {
    await this.db.settings.put({ key: PRICES_KEY, value: prices });
  }

  /** Removes the key (from the database and this tab) and keeps the rest of the endpoint settings. */
  async forgetKey(): Promise<void> {
    this.tabKey.set(null);
    const current = await this.llm();
    if (current) await this.saveLlm({ ...current, apiKey: '' });
  }
}
