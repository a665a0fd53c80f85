import { describe, expect, it } from 'vitest';
import { sdk } from '../../../src/engine/index.ts';
import { action, agentError, msg, obs, reject } from './factory.ts';

const { batchAtomicity, observationUniqueness, toolCallMatching, toolLoopAtomicity, ManipulationIndices } = sdk;

/** The indices one property alone allows. */
function indicesOf(
  property: sdk.ViewProperty,
  events: readonly sdk.ViewEvent[],
  warn: (message: string) => void = () => {},
): number[] {
  const indices = ManipulationIndices.complete(events.length);
  property.restrictIndices(events, indices, warn);
  return indices.toArray();
}

const complete = (n: number) => Array.from({ length: n + 1 }, (_, i) => i);
const sorted = (set: Set<string>) => [...set].sort();

describe('BatchAtomicityProperty (§6.13)', () => {
  const batch = (n: number, response = 'r1', prefix = 'action') =>
    Array.from({ length: n }, (_, i) => action(`${prefix}_${i + 1}`, { response, call: `${prefix}_call_${i + 1}` }));

  it('test_partial_batch_forgotten: the rest of the batch is dropped', () => {
    const all = batch(4);
    expect(batchAtomicity.enforce([all[3]!], all).has('action_4')).toBe(true);
  });

  it('test_complete_batch_forgotten: nothing left to drop', () => {
    expect(batchAtomicity.enforce([], batch(2)).size).toBe(0);
  });

  it('test_no_forgetting_preserves_batch', () => {
    const all = batch(3);
    expect(batchAtomicity.enforce(all, all).size).toBe(0);
  });

  it('test_multiple_batches: only the broken batch is dropped', () => {
    const all = [...batch(2, 'r1', 'a1'), ...batch(2, 'r2', 'a2')];
    const result = batchAtomicity.enforce([all[0]!, all[2]!, all[3]!], all);
    expect(result.has('a1_1')).toBe(true);
    expect(result.has('a2_1') || result.has('a2_2')).toBe(false);
  });

  it('test_first_action_of_batch_forgotten', () => {
    const all = batch(3);
    expect(sorted(batchAtomicity.enforce([all[1]!, all[2]!], all))).toEqual(['action_2', 'action_3']);
  });

  it('test_middle_action_of_batch_forgotten', () => {
    const all = batch(3);
    expect(sorted(batchAtomicity.enforce([all[0]!, all[2]!], all))).toEqual(['action_1', 'action_3']);
  });

  it('test_different_batches_independent / test_single_action_batch: a full view drops nothing', () => {
    const all = [...batch(2, 'r1', 'a1'), ...batch(1, 'r2', 'a2')];
    expect(batchAtomicity.enforce(all, all).size).toBe(0);
    expect(batchAtomicity.enforce(batch(1), batch(1)).size).toBe(0);
  });

  it('test_single_action_forgotten: an empty view drops nothing', () => {
    expect(batchAtomicity.enforce([], batch(1)).size).toBe(0);
  });

  it('test_partial_batch_across_batches', () => {
    const all = [...batch(2, 'r1', 'a1'), ...batch(1, 'r2', 'a2')];
    const result = batchAtomicity.enforce([all[1]!, all[2]!], all);
    expect(result.has('a1_2')).toBe(true);
    expect(result.has('a2_1')).toBe(false);
  });

  it('indices: no index inside a batch of adjacent actions, one between batches', () => {
    const three = batch(3);
    expect(indicesOf(batchAtomicity, three)).not.toContain(1);
    expect(indicesOf(batchAtomicity, three)).not.toContain(2);
    expect(indicesOf(batchAtomicity, [...batch(1, 'r1', 'x'), ...batch(1, 'r2', 'y')])).toContain(1);
  });

  it('indices: one event and no events give complete indices', () => {
    expect(indicesOf(batchAtomicity, [msg('m')])).toEqual(complete(1));
    expect(indicesOf(batchAtomicity, [])).toEqual([0]);
  });
});

describe('ObservationUniquenessProperty (§6.14)', () => {
  it('test_enforce_drops_late_observation_after_agent_error: the first answer wins', () => {
    const events = [
      action('action_1', { response: 'r1', call: 'call_1' }),
      agentError('error_1', 'call_1'),
      obs('obs_late', 'call_1'),
    ];
    expect(sorted(observationUniqueness.enforce(events, events))).toEqual(['obs_late']);
  });

  it('test_enforce_no_duplicates_returns_empty', () => {
    const events = [action('a', { response: 'r1', call: 'call_1' }), obs('o', 'call_1')];
    expect(observationUniqueness.enforce(events, events).size).toBe(0);
  });

  it('test_manipulation_indices_returns_complete_for_well_formed_view', () => {
    const events = [action('a', { response: 'r1', call: 'call_1' }), obs('o', 'call_1')];
    expect(indicesOf(observationUniqueness, events)).toEqual(complete(2));
  });

  it('test_manipulation_indices_warns_but_does_not_crash_on_duplicates', () => {
    const warnings: string[] = [];
    const events = [obs('o1', 'call_1'), obs('o2', 'call_1')];
    expect(indicesOf(observationUniqueness, events, (message) => warnings.push(message))).toEqual(complete(2));
    expect(warnings.some((warning) => warning.includes('call_1'))).toBe(true);
  });
});

describe('ToolCallMatchingProperty (§6.15)', () => {
  const a = (id: string, call: string) => action(id, { response: `resp_${id}`, call });
  const enforce = (events: sdk.ViewEvent[]) => sorted(toolCallMatching.enforce(events, events));

  it('test_empty_list / test_no_tool_events', () => {
    expect(enforce([])).toEqual([]);
    expect(enforce([msg('msg_1'), msg('msg_2')])).toEqual([]);
  });

  it('test_matched_pairs', () => {
    expect(
      enforce([msg('msg_1'), a('action_1', 'c1'), obs('obs_1', 'c1'), a('action_2', 'c2'), obs('obs_2', 'c2')]),
    ).toEqual([]);
  });

  it('test_unmatched_action', () => {
    expect(enforce([msg('msg_1'), a('action_1', 'c1'), obs('obs_1', 'c1'), a('action_2', 'c2')])).toEqual(['action_2']);
  });

  it('test_unmatched_observation', () => {
    expect(enforce([msg('msg_1'), a('action_1', 'c1'), obs('obs_1', 'c1'), obs('obs_2', 'c2')])).toEqual(['obs_2']);
  });

  it('test_mixed_scenario', () => {
    const events = [
      msg('msg_1'),
      a('action_1', 'c1'),
      obs('obs_1', 'c1'),
      a('action_2', 'c2'),
      obs('obs_3', 'c3'),
      msg('msg_2'),
      a('action_4', 'c4'),
      obs('obs_4', 'c4'),
    ];
    expect(enforce(events)).toEqual(['action_2', 'obs_3']);
  });

  it('test_with_user_reject_observation / test_with_agent_error_event', () => {
    expect(enforce([msg('m1'), a('action_1', 'c1'), reject('reject_1', 'c1'), msg('m2')])).toEqual([]);
    expect(enforce([msg('m1'), a('action_1', 'c1'), agentError('error_1', 'c1'), msg('m2')])).toEqual([]);
  });

  it('test_mixed_observation_types', () => {
    expect(
      enforce([
        a('a1', 'c1'),
        obs('o1', 'c1'),
        a('a2', 'c2'),
        reject('o2', 'c2'),
        a('a3', 'c3'),
        agentError('o3', 'c3'),
      ]),
    ).toEqual([]);
  });

  it('test_action_with_none_action_matched_by_agent_error', () => {
    const missing = action('action_missing', {
      response: 'r',
      call: 'call_keep_me',
      actionKind: null,
      toolName: 'missing_tool',
    });
    expect(enforce([missing, agentError('error', 'call_keep_me')])).toEqual([]);
  });

  it('indices: complete for one message and none; no index between a call and its answer', () => {
    expect(indicesOf(toolCallMatching, [msg('m')])).toEqual(complete(1));
    expect(indicesOf(toolCallMatching, [])).toEqual([0]);
    expect(indicesOf(toolCallMatching, [a('a', 'c1'), obs('o', 'c1')])).not.toContain(1);
    const pairs = indicesOf(toolCallMatching, [a('a1', 'c1'), obs('o1', 'c1'), a('a2', 'c2'), obs('o2', 'c2')]);
    expect(pairs).toContain(2);
    expect(pairs).not.toContain(1);
  });

  it('indices: an answer to a call that is not pending raises, as Python’s set.remove does (KeyError)', () => {
    expect(() => indicesOf(toolCallMatching, [obs('orphan', 'c9')])).toThrow(
      expect.objectContaining({ pythonError: "KeyError: 'c9'" }),
    );
  });
});

describe('ToolLoopAtomicityProperty (§6.16)', () => {
  const loop = () => [
    action('action_1', { response: 'r1', call: 'c1', thinking: true }),
    obs('obs_1', 'c1'),
    action('action_2', { response: 'r2', call: 'c2' }),
    obs('obs_2', 'c2'),
  ];
  const enforce = (view: sdk.ViewEvent[], all: sdk.SdkEvent[]) => sorted(toolLoopAtomicity.enforce(view, all));

  it('test_partial_tool_loop_forgotten: compared by id, not by object', () => {
    const all = loop();
    const view = [{ ...all[2]! }, { ...all[3]! }] as sdk.ViewEvent[];
    expect(enforce(view, all)).toEqual(['action_2', 'obs_2']);
  });

  it('test_complete_tool_loop_forgotten / test_no_forgetting_preserves_tool_loop', () => {
    expect(enforce([], loop())).toEqual([]);
    expect(enforce(loop(), loop())).toEqual([]);
  });

  it('test_tool_loop_between_non_tool_loop_events', () => {
    const all = [msg('msg_1'), ...loop(), msg('msg_2')];
    expect(enforce([all[2]!, all[3]!, all[4]!, all[5]!] as sdk.ViewEvent[], all)).toEqual([
      'action_2',
      'obs_1',
      'obs_2',
    ]);
  });

  it('test_first_event_of_tool_loop_forgotten / test_middle_event_of_tool_loop_forgotten', () => {
    const all = loop();
    expect(enforce([all[1]!, all[2]!, all[3]!] as sdk.ViewEvent[], all)).toEqual(['action_2', 'obs_1', 'obs_2']);
    expect(enforce([all[0]!, all[2]!, all[3]!] as sdk.ViewEvent[], all)).toEqual(['action_1', 'action_2', 'obs_2']);
  });

  it('test_multiple_separate_tool_loops: only the broken loop goes', () => {
    const all = [
      action('action_1', { response: 'r1', call: 'c1', thinking: true }),
      obs('obs_1', 'c1'),
      msg('msg_1'),
      action('action_2', { response: 'r2', call: 'c2', thinking: true }),
      obs('obs_2', 'c2'),
    ];
    expect(enforce([all[0]!, all[1]!, all[2]!, all[4]!] as sdk.ViewEvent[], all)).toEqual(['obs_2']);
  });

  it('test_single_action_observation_pair / test_single_action_forgotten', () => {
    const pair = [action('a', { response: 'r', call: 'c', thinking: true }), obs('o', 'c')];
    expect(enforce(pair, pair)).toEqual([]);
    expect(enforce([], pair)).toEqual([]);
  });

  it('test_actions_without_thinking_are_not_tool_loops', () => {
    const all = [
      action('action_1', { response: 'r1', call: 'c1' }),
      obs('obs_1', 'c1'),
      action('action_2', { response: 'r2', call: 'c2' }),
      obs('obs_2', 'c2'),
    ];
    expect(enforce([all[2]!, all[3]!] as sdk.ViewEvent[], all)).toEqual([]);
  });

  it('a Condensation in the raw history breaks a loop during enforcement (§7.7)', () => {
    const [a1, o1, a2, o2] = loop();
    const all: sdk.SdkEvent[] = [
      a1!,
      o1!,
      {
        kind: 'Condensation',
        id: 'c',
        index: -1,
        source: 'environment',
        parentId: null,
        forgottenEventIds: [],
        summary: null,
        summaryOffset: null,
        llmResponseId: 'x',
      },
      a2!,
      o2!,
    ];
    expect(enforce([a2!, o2!] as sdk.ViewEvent[], all)).toEqual([]);
  });

  it('indices (tool-loop property alone, §3.7)', () => {
    const th = (id: string, call: string, response = `r_${id}`) => action(id, { response, call, thinking: true });
    const plain = (id: string, call: string, response = `r_${id}`) => action(id, { response, call });
    expect(indicesOf(toolLoopAtomicity, loop())).toEqual([0, 4]);
    expect(
      indicesOf(toolLoopAtomicity, [th('a1', 'c1'), obs('o1', 'c1'), msg('m'), th('a2', 'c2'), obs('o2', 'c2')]),
    ).toEqual([0, 2, 3, 5]);
    expect(indicesOf(toolLoopAtomicity, [msg('m'), th('a1', 'c1'), obs('o1', 'c1')])).toEqual([0, 1, 3]);
    expect(indicesOf(toolLoopAtomicity, [msg('m')])).toEqual(complete(1));
    expect(indicesOf(toolLoopAtomicity, [])).toEqual([0]);
    expect(
      indicesOf(toolLoopAtomicity, [
        th('a1', 'c1a', 'r1'),
        plain('a1b', 'c1b', 'r1'),
        obs('o1a', 'c1a'),
        obs('o1b', 'c1b'),
      ]),
    ).toEqual([0, 4]);
    expect(
      indicesOf(toolLoopAtomicity, [plain('a1', 'c1'), obs('o1', 'c1'), plain('a2', 'c2'), obs('o2', 'c2')]),
    ).toEqual(complete(4));
  });
});
