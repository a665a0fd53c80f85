/**
 * The condenser engine: pure re-implementations of OpenHands' context condensers, V0 and Agent SDK
 * side by side over a small shared core.
 *
 * - core: what both share (the LLM port, replay driving, chat messages, the usage model, failures).
 * - v0: OpenHands V0 (integer ids, `action`/`observation` events).
 * - sdk: the OpenHands Agent SDK (string ids, `kind` events).
 * - a step is one LLM call of the agent; the condenser runs just before it. A replay walks a log step by
 *   step, "as recorded" or "re-simulate" with another configuration.
 *
 * Nothing here touches the DOM, storage, the network, the clock or randomness; LLM answers and token
 * counts come in through ports (`LlmWork` generators and token counters).
 */
export * from './core/index.ts';
export * as v0 from './v0/index.ts';
export * as sdk from './sdk/index.ts';
export * from './presets.ts';
