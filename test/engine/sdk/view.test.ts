import { describe, expect, it } from 'vitest';
import { sdk } from '../../../src/engine/index.ts';
import { action, cond, ids, messages, msg, obs, request, shown, stateUpdate, viewOf } from './factory.ts';

const noCondensationEvents = (view: sdk.SdkView) =>
  view.events.every(
    (event) => (event.kind as string) !== 'Condensation' && (event.kind as string) !== 'CondensationRequest',
  );

describe('View.from_events (openhands-sdk.md §6.6 test_view.py)', () => {
  it('test_view_preserves_uncondensed_lists', () => {
    const events = messages(5);
    expect(viewOf(events).events).toEqual(events);
  });

  it('test_view_forgets_events', () => {
    const events = messages(5);
    const view = viewOf([...events, cond('c', ids(events))]);
    expect(view.length).toBe(0);
  });

  it('test_view_keeps_non_forgotten_events', () => {
    const events = messages(5);
    for (const forgotten of events) {
      const view = viewOf([...events, cond('c', [forgotten.id])]);
      expect(view.length).toBe(4);
      expect(ids(view.events)).not.toContain(forgotten.id);
    }
  });

  it('test_view_inserts_summary', () => {
    const events = messages(5);
    for (let offset = 0; offset <= 4; offset++) {
      const view = viewOf([...events, cond('c', [], 'My Summary', offset)]);
      expect(view.length).toBe(6);
      view.events.forEach((event, i) => {
        if (i === offset) expect(event).toMatchObject({ kind: 'CondensationSummaryEvent', summary: 'My Summary' });
        else
          expect(event).toMatchObject({ kind: 'MessageEvent', content: [{ text: `Event ${i < offset ? i : i - 1}` }] });
      });
    }
  });

  it('test_no_condensation_action_in_view', () => {
    const [m0, m1, m2, m3] = messages(4);
    const view = viewOf([m0!, m1!, cond('c', ['m0']), m2!, m3!]);
    expect(ids(view.events)).toEqual(['m1', 'm2', 'm3']);
    expect(noCondensationEvents(view)).toBe(true);
  });

  it('test_unhandled_condensation_request_with_no_condensation', () => {
    const [m0, m1, m2] = messages(3);
    const view = viewOf([m0!, m1!, request('r'), m2!]);
    expect(view.unhandledCondensationRequest).toBe(true);
    expect(view.length).toBe(3);
    expect(noCondensationEvents(view)).toBe(true);
  });

  it('test_handled_condensation_request_with_condensation_action', () => {
    const [m0, m1, m2, m3] = messages(4);
    const view = viewOf([m0!, m1!, request('r'), m2!, cond('c', ['m0', 'm1']), m3!]);
    expect(view.unhandledCondensationRequest).toBe(false);
    expect(ids(view.events)).toEqual(['m2', 'm3']);
  });

  it('test_multiple_condensation_requests_pattern', () => {
    const [m0, m1, m2, m3] = messages(4);
    const view = viewOf([m0!, request('r1'), m1!, cond('c', []), m2!, request('r2'), m3!]);
    expect(view.unhandledCondensationRequest).toBe(true);
    expect(view.length).toBe(4);
  });

  it('test_condensation_action_before_request', () => {
    const [m0, m1, m2] = messages(3);
    const view = viewOf([m0!, cond('c', []), m1!, request('r'), m2!]);
    expect(view.unhandledCondensationRequest).toBe(true);
    expect(view.length).toBe(3);
  });

  it('test_no_condensation_events', () => {
    const events = messages(3);
    const view = viewOf(events);
    expect(view.unhandledCondensationRequest).toBe(false);
    expect(view.events).toEqual(events);
  });

  it('test_condensation_request_always_removed_from_view', () => {
    const [m0, m1, m2] = messages(3);
    const first = viewOf([m0!, request('r'), m1!]);
    expect([first.unhandledCondensationRequest, first.length]).toEqual([true, 2]);
    const second = viewOf([m0!, request('r'), m1!, cond('c', []), m2!]);
    expect([second.unhandledCondensationRequest, second.length]).toEqual([false, 3]);
    expect(noCondensationEvents(second)).toBe(true);
  });
});

describe('View.append_event (§6.7 test_view_append_event.py)', () => {
  const builder = (...events: sdk.SdkEvent[]) => {
    const b = new sdk.SdkViewBuilder();
    for (const event of events) b.append(event);
    return b;
  };

  describe('LLM-convertible events', () => {
    it('appends a message to an empty view as the same object', () => {
      const m = msg('m0');
      const b = builder(m);
      expect(b.events).toHaveLength(1);
      expect(b.events[0]).toBe(m);
    });

    it('appends several messages in order', () => {
      expect(ids(builder(...messages(3)).events)).toEqual(['m0', 'm1', 'm2']);
    });

    it('appends a thinking action as is', () => {
      const a = action('a', { response: 'r1', call: 'c1', thinking: true });
      expect(builder(a).events).toEqual([a]);
    });

    it('appends an orphan observation: no enforcement on append', () => {
      const orphan = obs('o', 'call_nobody_made');
      expect(builder(orphan).events).toEqual([orphan]);
    });

    it('does not change the unhandled flag', () => {
      expect(builder(msg('m0')).unhandledCondensationRequest).toBe(false);
    });
  });

  describe('Condensation', () => {
    it('forgets events, keeping the same objects', () => {
      const events = messages(3);
      const b = builder(...events, cond('c', ['m0', 'm2']));
      expect(b.events).toEqual([events[1]]);
      expect(b.events[0]).toBe(events[1]);
    });

    it('can forget all events', () => {
      expect(builder(...messages(3), cond('c', ['m0', 'm1', 'm2'])).events).toEqual([]);
    });

    it('on an empty view forgets nothing', () => {
      expect(builder(cond('c', [])).events).toHaveLength(0);
    });

    it('without forgotten ids leaves the events unchanged', () => {
      const events = messages(2);
      expect(builder(...events, cond('c', [])).events).toEqual(events);
    });

    it('inserts its summary', () => {
      expect(shown(builder(...messages(3), cond('c', ['m0'], 'Summary of msg 0', 0)).events)).toEqual([
        'S:Summary of msg 0',
        'm1',
        'm2',
      ]);
    });

    it('inserts its summary at the end', () => {
      expect(shown(builder(...messages(2), cond('c', [], 'End summary', 2)).events)).toEqual([
        'm0',
        'm1',
        'S:End summary',
      ]);
    });

    it('clears the unhandled flag', () => {
      const b = builder(msg('m0'), request('r'));
      expect(b.unhandledCondensationRequest).toBe(true);
      b.append(cond('c', []));
      expect(b.unhandledCondensationRequest).toBe(false);
    });

    it('clears the flag even without a prior request', () => {
      expect(builder(msg('m0'), cond('c', [])).unhandledCondensationRequest).toBe(false);
    });

    it('is not added to the events', () => {
      expect(builder(msg('m0'), cond('c', [])).events.map((e) => e.kind)).toEqual(['MessageEvent']);
    });
  });

  describe('CondensationRequest', () => {
    it('sets the unhandled flag', () => {
      expect(builder(request('r')).unhandledCondensationRequest).toBe(true);
    });

    it('is not added to the events', () => {
      expect(builder(msg('m0'), request('r')).events).toHaveLength(1);
    });

    it('several requests keep the flag true with no events', () => {
      const b = builder(request('r1'), request('r2'));
      expect([b.unhandledCondensationRequest, b.events.length]).toEqual([true, 0]);
    });
  });

  describe('events that are not LLM-convertible', () => {
    it('are skipped silently, leaving the flag and the events unchanged', () => {
      const m = msg('m0');
      const b = builder(m, stateUpdate('s'));
      expect(b.events).toEqual([m]);
      expect(b.unhandledCondensationRequest).toBe(false);
    });
  });

  describe('interactions', () => {
    it('request then condensation clears the flag; condensation then request sets it', () => {
      const b = builder(request('r'));
      expect(b.unhandledCondensationRequest).toBe(true);
      b.append(cond('c', []));
      expect(b.unhandledCondensationRequest).toBe(false);
      b.append(request('r2'));
      expect(b.unhandledCondensationRequest).toBe(true);
    });

    it('applies several condensations in sequence', () => {
      const b = builder(...messages(4), cond('c1', ['m0', 'm1']));
      expect(ids(b.events)).toEqual(['m2', 'm3']);
      b.append(cond('c2', ['m2']));
      expect(ids(b.events)).toEqual(['m3']);
    });

    it('interleaves messages and condensations', () => {
      expect(shown(builder(msg('m0'), cond('c', ['m0'], 'summary', 0), msg('m1')).events)).toEqual(['S:summary', 'm1']);
    });

    it('skips non-LLM events interspersed', () => {
      expect(ids(builder(msg('m0'), stateUpdate('s1'), msg('m1'), stateUpdate('s2')).events)).toEqual(['m0', 'm1']);
    });

    it('goes through a full lifecycle', () => {
      const b = builder(...messages(3), request('r'));
      expect([b.events.length, b.unhandledCondensationRequest]).toEqual([3, true]);
      b.append(cond('c', ['m0', 'm1'], 'summary', 0));
      expect(b.unhandledCondensationRequest).toBe(false);
      expect(shown(b.events)).toEqual(['S:summary', 'm2']);
      b.append(msg('m3'));
      expect(b.events).toHaveLength(3);
      expect(b.events[2]!.id).toBe('m3');
    });
  });
});

describe('multiple summaries (§6.11 test_view_multi_summary.py)', () => {
  const [m0, m1, m2, m3, m4, m5] = messages(6) as [
    sdk.MessageEvent,
    sdk.MessageEvent,
    sdk.MessageEvent,
    sdk.MessageEvent,
    sdk.MessageEvent,
    sdk.MessageEvent,
  ];
  const summaries = (view: sdk.SdkView) =>
    view.events.filter((e): e is sdk.CondensationSummaryEvent => e.kind === 'CondensationSummaryEvent');

  it('test_multiple_summaries_at_different_offsets', () => {
    const view = viewOf([
      m0,
      m1,
      cond('cond-1', ['m0'], 'Summary of event 0', 0),
      m2,
      m3,
      cond('cond-2', ['m2'], 'Summary of event 2', 2),
      m4,
    ]);
    expect(shown(view.events)).toEqual(['S:Summary of event 0', 'm1', 'S:Summary of event 2', 'm3', 'm4']);
  });

  it('test_multiple_summaries_from_sequential_condensations', () => {
    const view = viewOf([
      m0,
      cond('cond-1', [], 'A', 0),
      m1,
      m2,
      cond('cond-2', [], 'B', 3),
      m3,
      cond('cond-3', [], 'C', 5),
      m4,
      m5,
    ]);
    expect(view.events.flatMap((e, i) => (e.kind === 'CondensationSummaryEvent' ? [i] : []))).toEqual([0, 3, 5]);
  });

  it('test_summaries_preserve_order_and_content', () => {
    const view = viewOf([
      m0,
      cond('cond-1', ['m0'], 'Summary A', 0),
      m1,
      m2,
      cond('cond-2', ['m2'], 'Summary B', 2),
      m3,
    ]);
    expect(
      view.events.map((e) => (e.kind === 'CondensationSummaryEvent' ? e.summary : (e as sdk.MessageEvent).content[0])),
    ).toEqual(['Summary A', { type: 'text', text: 'Event 1' }, 'Summary B', { type: 'text', text: 'Event 3' }]);
  });

  it('test_forget_first_summary_keeps_second', () => {
    const view = viewOf([
      m0,
      cond('cond-1', [], 'A', 0),
      m1,
      cond('cond-2', [], 'B', 2),
      m2,
      cond('cond-3', ['cond-1-summary']),
    ]);
    expect(summaries(view).map((s) => s.summary)).toEqual(['B']);
  });

  it('test_forget_middle_summary_keeps_others', () => {
    const view = viewOf([
      m0,
      cond('cond-1', [], 'A', 0),
      m1,
      cond('cond-2', [], 'B', 2),
      m2,
      cond('cond-3', [], 'C', 4),
      m3,
      cond('cond-4', ['cond-2-summary']),
    ]);
    expect(summaries(view).map((s) => s.summary)).toEqual(['A', 'C']);
  });

  it('test_forget_most_recent_summary', () => {
    const view = viewOf([
      m0,
      cond('cond-1', [], 'A', 0),
      m1,
      cond('cond-2', [], 'B', 1),
      cond('cond-3', ['cond-2-summary']),
    ]);
    expect(summaries(view).map((s) => s.summary)).toEqual(['A']);
  });

  it('test_forget_summary_adjusts_later_summary_positions', () => {
    const view = viewOf([
      m0,
      cond('cond-1', [], 'position 0', 0),
      m1,
      cond('cond-2', [], 'position 2', 2),
      m2,
      cond('cond-3', ['cond-1-summary']),
    ]);
    expect(shown(view.events)).toEqual(['m0', 'S:position 2', 'm1', 'm2']);
  });

  it('test_forget_multiple_summaries_simultaneously', () => {
    const view = viewOf([
      m0,
      cond('cond-1', [], 'A', 0),
      m1,
      cond('cond-2', [], 'B', 2),
      m2,
      cond('cond-3', [], 'C', 4),
      m3,
      cond('cond-4', ['cond-1-summary', 'cond-3-summary']),
    ]);
    expect(summaries(view).map((s) => s.summary)).toEqual(['B']);
  });

  it('test_forget_all_summaries', () => {
    const view = viewOf([
      m0,
      cond('cond-1', [], 'A', 0),
      m1,
      cond('cond-2', [], 'B', 2),
      m2,
      cond('cond-3', ['cond-1-summary', 'cond-2-summary']),
    ]);
    expect(summaries(view)).toHaveLength(0);
    expect(ids(view.events)).toEqual(['m0', 'm1', 'm2']);
  });

  it('test_sequential_condensations_each_forget_summary', () => {
    const view = viewOf([
      m0,
      cond('cond-1', [], 'Summary 1', 0),
      m1,
      cond('cond-2', [], 'Summary 2', 2),
      m2,
      cond('cond-3', [], 'Summary 3', 4),
      cond('cond-4', ['cond-1-summary']),
      cond('cond-5', ['cond-2-summary']),
    ]);
    expect(summaries(view).map((s) => s.summary)).toEqual(['Summary 3']);
  });

  it('test_summary_events_have_stable_identifiers', () => {
    const log = [m0, cond('stable-condensation', ['m0'], 'Stable', 0), m1];
    expect(summaries(viewOf(log))[0]!.id).toBe(summaries(viewOf(log))[0]!.id);
    expect(summaries(viewOf(log))[0]!.id).toBe('stable-condensation-summary');
  });

  it('test_condensation_tracks_its_summary_event', () => {
    const view = viewOf([m0, cond('cond-A', [], 'A', 0), m1, cond('cond-B', [], 'B', 2)]);
    expect(summaries(view).map((s) => s.id)).toEqual(['cond-A-summary', 'cond-B-summary']);
  });

  it('test_can_reference_summary_from_previous_condensation', () => {
    const log: sdk.SdkEvent[] = [m0, cond('cond-1', ['m0'], 'Old', 0), m1];
    const summaryId = summaries(viewOf(log))[0]!.id;
    const view = viewOf([...log, cond('cond-2', [summaryId], 'New summary', 0)]);
    expect(summaries(view).map((s) => s.summary)).toEqual(['New summary']);
  });

  it('test_summary_offset_is_absolute_in_final_view', () => {
    expect(shown(viewOf([m0, m1, m2, cond('c', ['m0', 'm1'], 'S', 1), m3, m4]).events)).toEqual([
      'm2',
      'S:S',
      'm3',
      'm4',
    ]);
  });

  it('test_summary_offset_zero_inserts_at_beginning', () => {
    expect(viewOf([m0, m1, cond('c', [], 'S', 0)]).events[0]!.kind).toBe('CondensationSummaryEvent');
  });

  it('test_summary_offset_at_end_of_events', () => {
    const view = viewOf([m0, m1, m2, cond('c', [], 'S', 3)]);
    expect(view.length).toBe(4);
    expect(view.events[3]!.kind).toBe('CondensationSummaryEvent');
  });

  it('test_multiple_summaries_with_same_offset: each later insert lands before the earlier ones', () => {
    const view = viewOf([
      m0,
      cond('cond-1', [], 'First at offset 1', 1),
      cond('cond-2', [], 'Second at offset 1', 1),
      m1,
    ]);
    expect(shown(view.events)).toEqual(['m0', 'S:Second at offset 1', 'S:First at offset 1', 'm1']);
  });

  it('test_forget_events_and_summary_together', () => {
    const view = viewOf([
      m0,
      m1,
      cond('cond-1', [], 'Old summary', 1),
      m2,
      m3,
      cond('cond-2', ['m0', 'm2', 'cond-1-summary'], 'New summary', 0),
    ]);
    expect(shown(view.events)).toEqual(['S:New summary', 'm1', 'm3']);
  });

  it('test_summary_offset_remains_valid_after_forgetting_events', () => {
    expect(shown(viewOf([m0, m1, m2, m3, cond('c', ['m0', 'm1'], 'S', 2), m4]).events)).toEqual([
      'm2',
      'm3',
      'S:S',
      'm4',
    ]);
  });

  it('test_interleaved_events_and_summaries', () => {
    const view = viewOf([m0, m1, cond('cond-1', ['m1'], 'A', 1), m2, m3, cond('cond-2', ['m3'], 'B', 3), m4, m5]);
    expect(shown(view.events)).toEqual(['m0', 'S:A', 'm2', 'S:B', 'm4', 'm5']);
  });

  it('test_condensation_without_summary_no_summary_event_created', () => {
    const view = viewOf([m0, m1, cond('c', ['m1']), m2]);
    expect(ids(view.events)).toEqual(['m0', 'm2']);
  });

  it('test_empty_view_with_only_summaries', () => {
    expect(shown(viewOf([m0, m1, m2, cond('c', ['m0', 'm1', 'm2'], 'All', 0)]).events)).toEqual(['S:All']);
  });

  it('test_forget_nonexistent_summary_is_noop', () => {
    const view = viewOf([m0, cond('cond-1', [], 'A', 0), m1, cond('cond-2', ['nonexistent_summary_id'])]);
    expect(shown(view.events)).toEqual(['S:A', 'm0', 'm1']);
  });

  it('test_multiple_condensations_same_summary_offset: Third, Second, First', () => {
    const view = viewOf([m0, cond('c1', [], 'First', 1), cond('c2', [], 'Second', 1), cond('c3', [], 'Third', 1), m1]);
    expect(summaries(view).map((s) => s.summary)).toEqual(['Third', 'Second', 'First']);
  });

  it('ids of events appended later are not forgotten (§7.1)', () => {
    expect(ids(viewOf([m0, cond('c', ['m1']), m1]).events)).toEqual(['m0', 'm1']);
  });
});
