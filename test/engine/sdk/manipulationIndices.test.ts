import { describe, expect, it } from 'vitest';
import { sdk } from '../../../src/engine/index.ts';
import { action, cond, ids, messages, msg, obs, viewOf } from './factory.ts';

const indices = (events: sdk.SdkEvent[]) => sdk.manipulationIndices(viewOf(events).events).toArray();
const A = (id: string, response: string, call: string, thinking = false) => action(id, { response, call, thinking });

describe('ManipulationIndices (§6.5)', () => {
  it('complete: {0} for no events, {0,1} for one, {0..3} for three', () => {
    expect(sdk.ManipulationIndices.complete(0).toArray()).toEqual([0]);
    expect(sdk.ManipulationIndices.complete(1).toArray()).toEqual([0, 1]);
    expect(sdk.ManipulationIndices.complete(3).toArray()).toEqual([0, 1, 2, 3]);
  });

  it('find_next returns the smallest index at or after the target, and raises past the last', () => {
    const set = sdk.manipulationIndices([msg('m'), A('a', 'r', 'c'), obs('o', 'c')]);
    expect(set.toArray()).toEqual([0, 1, 3]);
    expect(set.findNext(2)).toBe(3);
    expect(set.findNext(1)).toBe(1);
    expect(() => set.findNext(4)).toThrow(sdk.SelectionError);
  });
});

describe('view.manipulation_indices (§6.10 test_view_manipulation_indices.py)', () => {
  it('test_empty_list / single / multiple message events', () => {
    expect(indices([])).toEqual([0]);
    expect(indices(messages(1))).toEqual([0, 1]);
    expect(indices(messages(3))).toEqual([0, 1, 2, 3]);
  });

  it('test_single_action_observation_pair', () => {
    expect(indices([A('a', 'r1', 'c1'), obs('o', 'c1')])).toEqual([0, 2]);
  });

  it('test_action_observation_with_message_events', () => {
    expect(indices([msg('m1'), A('a', 'r1', 'c1'), obs('o', 'c1'), msg('m2')])).toEqual([0, 1, 3, 4]);
  });

  it('test_batch_of_actions_simple, with or without thinking on the first', () => {
    for (const thinking of [false, true]) {
      const events = [
        A('a1', 'r1', 'c1', thinking),
        A('a2', 'r1', 'c2'),
        A('a3', 'r1', 'c3'),
        obs('o1', 'c1'),
        obs('o2', 'c2'),
        obs('o3', 'c3'),
      ];
      expect(indices(events)).toEqual([0, 6]);
    }
  });

  it('test_multiple_separate_batches', () => {
    const events = [
      A('a1', 'r1', 'c1'),
      A('a2', 'r1', 'c2'),
      obs('o1', 'c1'),
      obs('o2', 'c2'),
      A('a3', 'r2', 'c3'),
      A('a4', 'r2', 'c4'),
      obs('o3', 'c3'),
      obs('o4', 'c4'),
    ];
    expect(indices(events)).toEqual([0, 4, 8]);
  });

  it('test_batches_separated_by_messages', () => {
    const events = [
      msg('m1'),
      A('a1', 'r1', 'c1'),
      A('a2', 'r1', 'c2'),
      obs('o1', 'c1'),
      obs('o2', 'c2'),
      msg('m2'),
      A('a3', 'r2', 'c3'),
      obs('o3', 'c3'),
      msg('m3'),
    ];
    expect(indices(events)).toEqual([0, 1, 5, 6, 8, 9]);
  });

  it('test_single_action_in_batch', () => {
    expect(indices([A('a', 'r1', 'c1'), obs('o', 'c1')])).toEqual([0, 2]);
  });

  it('test_complex_interleaved_scenario: a pending call spans the middle message', () => {
    const events = [
      msg('m1'),
      A('a1', 'r1', 'c1'),
      A('a2', 'r1', 'c2'),
      obs('o1', 'c1'),
      msg('m2'),
      obs('o2', 'c2'),
      msg('m3'),
      A('a3', 'r2', 'c3'),
      obs('o3', 'c3'),
    ];
    expect(indices(events)).toEqual([0, 1, 6, 7, 9]);
  });

  it('test_observations_extend_batch_range', () => {
    expect(indices([A('a1', 'r1', 'c1'), A('a2', 'r1', 'c2'), msg('m'), obs('o1', 'c1'), obs('o2', 'c2')])).toEqual([
      0, 5,
    ]);
  });

  it('test_batch_with_all_observations', () => {
    expect(indices([A('a1', 'r1', 'c1'), A('a2', 'r1', 'c2'), obs('o1', 'c1'), obs('o2', 'c2')])).toEqual([0, 4]);
  });

  it('test_interleaved_batches_and_messages', () => {
    const events = [
      msg('m1'),
      A('a1', 'r1', 'c1'),
      obs('o1', 'c1'),
      msg('m2'),
      A('a2', 'r2', 'c2'),
      obs('o2', 'c2'),
      msg('m3'),
    ];
    expect(indices(events)).toEqual([0, 1, 3, 4, 6, 7]);
  });

  it('test_three_action_batch', () => {
    const events = [
      A('a1', 'r1', 'c1'),
      A('a2', 'r1', 'c2'),
      A('a3', 'r1', 'c3'),
      obs('o1', 'c1'),
      obs('o2', 'c2'),
      obs('o3', 'c3'),
    ];
    expect(indices(events)).toEqual([0, 6]);
  });

  it('test_consecutive_atomic_units', () => {
    expect(indices([msg('m1'), msg('m2'), A('a', 'r1', 'c1'), obs('o', 'c1'), msg('m3')])).toEqual([0, 1, 2, 4, 5]);
  });

  it('test_forgetting_range_selection', () => {
    expect(
      indices([msg('m1'), A('a1', 'r1', 'c1'), A('a2', 'r1', 'c2'), obs('o1', 'c1'), obs('o2', 'c2'), msg('m2')]),
    ).toEqual([0, 1, 5, 6]);
  });

  it('index N goes only when the view ends with an unanswered action', () => {
    expect(sdk.manipulationIndices([msg('m'), A('a', 'r', 'c')]).toArray()).toEqual([0, 1]);
  });
});

describe('tool-loop boundaries (§6.12 test_view_tool_loop_boundaries.py)', () => {
  it('test_single_batch_with_thinking', () => {
    expect(indices([msg('m'), A('a', 'r1', 'c1', true), obs('o', 'c1')])).toEqual([0, 1, 3]);
  });

  it('test_tool_loop_multiple_batches', () => {
    const events = [
      msg('m1'),
      A('a1', 'r1', 'c1', true),
      obs('o1', 'c1'),
      A('a2', 'r2', 'c2'),
      obs('o2', 'c2'),
      A('a3', 'r3', 'c3'),
      obs('o3', 'c3'),
      msg('m2'),
    ];
    expect(indices(events)).toEqual([0, 1, 7, 8]);
  });

  it('test_tool_loop_ends_at_non_batch_event', () => {
    const events = [
      msg('m1'),
      A('a1', 'r1', 'c1', true),
      obs('o1', 'c1'),
      A('a2', 'r2', 'c2'),
      obs('o2', 'c2'),
      msg('m2'),
      A('a3', 'r3', 'c3', true),
      obs('o3', 'c3'),
    ];
    expect(indices(events)).toEqual([0, 1, 5, 6, 8]);
  });

  it('test_multiple_separate_tool_loops', () => {
    const events = [
      msg('m1'),
      A('a1', 'r1', 'c1', true),
      obs('o1', 'c1'),
      A('a2', 'r2', 'c2'),
      obs('o2', 'c2'),
      msg('m2'),
      A('a3', 'r3', 'c3', true),
      obs('o3', 'c3'),
      msg('m3'),
    ];
    expect(indices(events)).toEqual([0, 1, 5, 6, 8, 9]);
  });

  it('test_parallel_tool_calls_in_tool_loop', () => {
    const events = [
      msg('m1'),
      A('a1a', 'r1', 'c1a', true),
      A('a1b', 'r1', 'c1b'),
      obs('o1a', 'c1a'),
      obs('o1b', 'c1b'),
      A('a2', 'r2', 'c2'),
      obs('o2', 'c2'),
      msg('m2'),
    ];
    expect(indices(events)).toEqual([0, 1, 7, 8]);
  });

  it('test_empty_events / test_only_user_messages (a sorted array, not Python set order)', () => {
    expect(indices([])).toEqual([0]);
    expect(indices(messages(2))).toEqual([0, 1, 2]);
  });
});

describe('View.from_events enforces batch atomicity (§6.8 test_view_batch_atomicity.py)', () => {
  const kinds = (view: sdk.SdkView, kind: string) => view.events.filter((event) => event.kind === kind);

  it('test_batch_atomicity_partial_batch_forgotten: a4 goes with a1..a3, then every observation', () => {
    const batch = [A('a1', 'r1', 'c1', true), A('a2', 'r1', 'c2'), A('a3', 'r1', 'c3'), A('a4', 'r1', 'c4')];
    const view = viewOf([
      msg('m'),
      ...batch,
      obs('o1', 'c1'),
      obs('o2', 'c2'),
      obs('o3', 'c3'),
      obs('o4', 'c4'),
      cond('c', ['a1', 'a2', 'a3']),
    ]);
    expect(ids(view.events)).toEqual(['m']);
  });

  it('test_batch_atomicity_complete_batch_forgotten', () => {
    const view = viewOf([
      msg('m'),
      A('a1', 'r1', 'c1', true),
      A('a2', 'r1', 'c2', true),
      obs('o1', 'c1'),
      obs('o2', 'c2'),
      cond('c', ['a1', 'a2']),
    ]);
    expect(kinds(view, 'ActionEvent')).toHaveLength(0);
    expect(kinds(view, 'ObservationEvent')).toHaveLength(0);
  });

  it('test_batch_atomicity_no_forgetting_preserves_batch', () => {
    const view = viewOf([
      msg('m'),
      A('a1', 'r1', 'c1', true),
      A('a2', 'r1', 'c2', true),
      A('a3', 'r1', 'c3', true),
      obs('o1', 'c1'),
      obs('o2', 'c2'),
      obs('o3', 'c3'),
      cond('c', []),
    ]);
    expect(kinds(view, 'ActionEvent')).toHaveLength(3);
  });

  it('test_batch_atomicity_multiple_batches', () => {
    const view = viewOf([
      msg('m'),
      A('a11', 'r1', 'c11', true),
      A('a12', 'r1', 'c12', true),
      obs('o11', 'c11'),
      obs('o12', 'c12'),
      msg('m2'),
      A('a21', 'r2', 'c21', true),
      A('a22', 'r2', 'c22', true),
      obs('o21', 'c21'),
      obs('o22', 'c22'),
      cond('c', ['a11']),
    ]);
    expect(ids(view.events)).toEqual(['m', 'm2', 'a21', 'a22', 'o21', 'o22']);
  });

  it('test_batch_atomicity_single_action_batch', () => {
    expect(ids(viewOf([msg('m'), A('a', 'r1', 'c1', true), obs('o', 'c1'), cond('c', ['a'])]).events)).toEqual(['m']);
  });

  it('test_batch_atomicity_no_thinking_blocks: interleaved actions of one response', () => {
    const view = viewOf([
      msg('m'),
      A('a1', 'r1', 'c1'),
      obs('o1', 'c1'),
      A('a2', 'r1', 'c2'),
      obs('o2', 'c2'),
      A('a3', 'r1', 'c3'),
      obs('o3', 'c3'),
      cond('c', ['a1', 'a2']),
    ]);
    expect(ids(view.events)).toEqual(['m']);
  });
});

describe('View.from_events when an observation is forgotten (§6.9 test_view_condensation_batch_atomicity.py)', () => {
  it('test_batch_atomicity_when_observation_forgotten: matching, then batch, then matching again', () => {
    const view = viewOf([
      msg('m'),
      A('a1', 'r1', 'c1'),
      A('a2', 'r1', 'c2'),
      obs('o1', 'c1'),
      obs('o2', 'c2'),
      cond('c', ['o1']),
    ]);
    expect(ids(view.events)).toEqual(['m']);
  });

  it('test_batch_atomicity_when_multiple_observations_forgotten', () => {
    const view = viewOf([
      msg('m'),
      A('a1', 'r1', 'c1'),
      A('a2', 'r1', 'c2'),
      A('a3', 'r1', 'c3'),
      obs('o1', 'c1'),
      obs('o2', 'c2'),
      obs('o3', 'c3'),
      cond('c', ['o1', 'o2']),
    ]);
    expect(ids(view.events)).toEqual(['m']);
  });

  it('test_batch_atomicity_different_batches_independent', () => {
    const view = viewOf([
      msg('m'),
      A('a11', 'r1', 'c11'),
      A('a12', 'r1', 'c12'),
      obs('o11', 'c11'),
      obs('o12', 'c12'),
      msg('m2'),
      A('a21', 'r2', 'c21'),
      A('a22', 'r2', 'c22'),
      obs('o21', 'c21'),
      obs('o22', 'c22'),
      cond('c', ['o11']),
    ]);
    expect(ids(view.events)).toEqual(['m', 'm2', 'a21', 'a22', 'o21', 'o22']);
  });

  it('test_single_action_batch_observation_forgotten', () => {
    expect(ids(viewOf([msg('m'), A('a', 'r1', 'c1'), obs('o', 'c1'), cond('c', ['o'])]).events)).toEqual(['m']);
  });

  it('enforcement reports each removal by property, restarting from the first', () => {
    const events = [
      msg('m'),
      A('a1', 'r1', 'c1'),
      A('a2', 'r1', 'c2'),
      obs('o1', 'c1'),
      obs('o2', 'c2'),
      cond('c', ['o1']),
    ];
    const builder = new sdk.SdkViewBuilder();
    events.forEach((event) => builder.append(event));
    const removals: string[] = [];
    sdk.enforceProperties(builder.events, events, (property, dropped) => removals.push(`${property}:${dropped}`));
    expect(removals).toEqual(['ToolCallMatchingProperty:1', 'BatchAtomicityProperty:1', 'ToolCallMatchingProperty:1']);
  });
});
