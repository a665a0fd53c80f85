/**
 * Which SDK's rules a replay follows. `1.43.1` is the pinned version (openhands-sdk 1.43.1, commit
 * 611629e6); `2025-09` is the agent-sdk of September 2025 that wrote the benchmark conversations.
 */
export type SdkRules = '1.43.1' | '2025-09';
export const SDK_RULES: readonly SdkRules[] = ['1.43.1', '2025-09'];
export const PINNED_SDK_RULES: SdkRules = '1.43.1';

/**
 * When each condensation rule reached the Agent SDK: the pull request and its merge date, read from
 * the SDK's git history (OpenHands/software-agent-sdk up to v1.43.1). A rule set follows the SDK of
 * its date, so a rule applies exactly when it is no younger than the rule set.
 */
export const SDK_RULE_CHANGES = {
  thinkingBlocksInText: { pr: 576, date: '2025-10-01', what: 'a MessageEvent’s text counts its thinking blocks' },
  notExecutedActionText: { pr: 623, date: '2025-10-04', what: 'an ActionEvent without an action shows its tool call' },
  batchAtomicity: {
    pr: 775,
    date: '2025-10-20',
    what: 'forgetting one action of an LLM response forgets the whole batch',
  },
  skillsLabel: {
    pr: 820,
    date: '2025-10-21',
    what: '"microagents" renamed "skills" (`[Skills: …]` in a message’s text)',
  },
  requestHalvesView: {
    pr: 1034,
    date: '2025-11-10',
    what: 'a condensation request keeps half of the current view, not half of max_size',
  },
  tokenTrigger: { pr: 1380, date: '2025-12-23', what: 'max_tokens: condensing on token pressure' },
  toolCallAware: { pr: 1412, date: '2025-12-23', what: 'forgetting ranges keep tool calls with their results' },
  toolLoopAware: { pr: 1508, date: '2025-12-25', what: 'forgetting ranges keep a thinking tool loop whole' },
  multiSummaryViews: { pr: 1721, date: '2026-01-22', what: 'every summary stays in the view' },
  hardContextReset: { pr: 1596, date: '2026-01-30', what: 'hard context reset when summarizing fails' },
  dynamicContextText: {
    pr: 1890,
    date: '2026-02-10',
    what: 'a SystemPromptEvent’s text gives the size of its dynamic context',
  },
  minimumProgress: { pr: 2107, date: '2026-02-17', what: 'minimum_progress' },
  explicitViewProperties: { pr: 2116, date: '2026-02-19', what: 'view properties and manipulation indices' },
  contextWindowCap: {
    pr: 4461,
    date: '2026-08-13',
    what: 'the token limit is capped by the agent model’s context window',
  },
} as const;

export type SdkRuleChange = keyof typeof SDK_RULE_CHANGES;

/**
 * The date of the SDK each rule set follows: `2025-09` is the agent-sdk of commit f0b9bcb5d
 * (2025-09-24), the newest before the benchmark conversations began on 2025-09-25 (its view,
 * condenser and event texts are unchanged through 2025-09-26); `1.43.1` is the tag's date.
 */
export const SDK_RULES_DATE: Readonly<Record<SdkRules, string>> = { '2025-09': '2025-09-24', '1.43.1': '2026-08-21' };

export function sdkRuleApplies(rules: SdkRules, change: SdkRuleChange): boolean {
  return SDK_RULE_CHANGES[change].date <= SDK_RULES_DATE[rules];
}
