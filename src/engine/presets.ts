/**
 * One-click configurations: the ones OpenHands itself runs, and the observation masking of JetBrains'
 * "The Complexity Trap" (Lindenbauer et al., 2025). Each says where its values come from.
 */

export type PresetFlavor = 'v0' | 'sdk';

export interface PresetOptions {
  /** The user's `condenser_max_size` setting (OpenHands' web settings); OpenHands uses 120 when unset. */
  readonly condenserMaxSize?: number | null;
  /** The agent model's context window, when the log records it (SDK base_state.json). */
  readonly agentMaxInputTokens?: number | null;
}

export interface ConfigPreset {
  readonly id: string;
  readonly label: string;
  /** Which logs it applies to: OpenHands V0 condensers, or the Agent SDK's. */
  readonly flavor: PresetFlavor;
  /** What it does, in a sentence or two. */
  readonly description: string;
  /** Where the values come from: file and commit of OpenHands' source, or the paper. */
  readonly source: string;
  /** SDK presets are those of the pinned SDK: replayed under its rules. */
  readonly sdkRules?: '1.43.1';
  readonly build: (options: PresetOptions) => Record<string, unknown>;
}

/** OpenHands' web server when the user leaves condenser_max_size unset. */
export const SERVER_DEFAULT_MAX_SIZE = 120;

const OPENHANDS_V0 = 'All-Hands-AI/OpenHands 156d0686c46aafb0fa9d291da6421fb6f64dddc0';
const AGENT_SDK = 'OpenHands/software-agent-sdk 611629e6999ad398dc49c761721eefe18d5e6bd9 (openhands-sdk 1.43.1)';

export const CONDENSER_PRESETS: readonly ConfigPreset[] = [
  {
    id: 'v0-server-default',
    label: 'OpenHands server default',
    flavor: 'v0',
    description:
      'What the OpenHands web server runs when "enable default condenser" is on: a conversation window for explicit requests, browser outputs masked beyond the last 2, then an LLM summary keeping the first 4 events once the view passes condenser_max_size (120 when unset).',
    // openhands/server/session/session.py, lines 219-238: CondenserPipelineConfig(ConversationWindowCondenserConfig(),
    // BrowserOutputCondenserConfig(attention_window=2), LLMSummarizingCondenserConfig(keep_first=4,
    // max_size=settings.condenser_max_size or 120)).
    source: `${OPENHANDS_V0}, openhands/server/session/session.py (Session._create_agent)`,
    build: ({ condenserMaxSize }) => ({
      type: 'pipeline',
      condensers: [
        { type: 'conversation_window' },
        { type: 'browser_output_masking', attention_window: 2 },
        { type: 'llm', keep_first: 4, max_size: condenserMaxSize || SERVER_DEFAULT_MAX_SIZE },
      ],
    }),
  },
  {
    id: 'v0-complexity-trap-masking',
    label: 'Observation masking (“The Complexity Trap”)',
    flavor: 'v0',
    description:
      'JetBrains’ observation masking: only the last 10 observations are shown, older ones become a placeholder; no LLM. The paper counts turns (SWE-agent’s last_n_observations, n = 10), OpenHands’ attention_window counts events of the view, and a turn is an action and its observation: 10 turns ≈ 20 events (fewer turns where a response makes several tool calls or messages come between).',
    // Lindenbauer et al., "The Complexity Trap" (arXiv 2508.21433); its SWE-agent configuration
    // config/default_no_demo_N=1_M=10.yaml: history_processors: - type: last_n_observations, n: 10.
    source:
      'Lindenbauer et al., “The Complexity Trap: Simple Observation Masking Is as Efficient as LLM Summarization for Agent Context Management” (arXiv 2508.21433), config/default_no_demo_N=1_M=10.yaml (last_n_observations, n = 10)',
    build: () => ({ type: 'observation_masking', attention_window: 20 }),
  },
  {
    id: 'sdk-default-condenser',
    label: 'SDK default_condenser (80 / 4)',
    flavor: 'sdk',
    sdkRules: '1.43.1',
    description:
      'The condenser of the SDK’s default agent and of spawned sub-agents: summarize once the view passes 80 events, keeping the first 4. No token limit is set, but the agent model’s context window still caps the view (SDK ≥ 1.43).',
    // openhands-sdk/openhands/sdk/context/condenser/llm_summarizing_condenser.py, lines 505-516:
    // _DEFAULT_MAX_SIZE = 80, _DEFAULT_KEEP_FIRST = 4, default_condenser(llm).
    source: `${AGENT_SDK}, openhands-sdk/openhands/sdk/context/condenser/llm_summarizing_condenser.py (default_condenser)`,
    build: () => ({ kind: 'LLMSummarizingCondenser', max_size: 80, keep_first: 4 }),
  },
  {
    id: 'sdk-settings-default',
    label: 'SDK settings default (240 / 2, model window)',
    flavor: 'sdk',
    sdkRules: '1.43.1',
    description:
      'What the SDK’s settings build when left alone (the app server and CLI): summarize past 240 events keeping the first 2, with max_tokens set to the agent model’s context window.',
    // openhands-sdk/openhands/sdk/settings/model.py, LLMSummarizingCondenserSettings: max_size=240,
    // keep_first=2, max_tokens=None; build_condenser() sets max_tokens to llm.effective_max_input_tokens
    // when the user did not set it.
    source: `${AGENT_SDK}, openhands-sdk/openhands/sdk/settings/model.py (LLMSummarizingCondenserSettings.build_condenser)`,
    build: ({ agentMaxInputTokens }) => ({
      kind: 'LLMSummarizingCondenser',
      max_size: 240,
      keep_first: 2,
      ...(agentMaxInputTokens ? { max_tokens: agentMaxInputTokens } : {}),
    }),
  },
];

export function presetById(id: string): ConfigPreset | null {
  return CONDENSER_PRESETS.find((preset) => preset.id === id) ?? null;
}
