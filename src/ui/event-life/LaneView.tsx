import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { LifeLane } from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { shortId } from '../shared/EventLabel.tsx';
import { LifeStrip, stepRuns } from './LifeStrip.tsx';
import './eventLife.css';

const ROW_HEIGHT = 20;

function laneName(lane: LifeLane, ids: ReadonlyArray<string | number>): string {
  const first = `#${shortId(ids[lane.first]!)}`;
  return lane.count === 1 ? first : `${first} – #${shortId(ids[lane.last]!)} (${lane.count} events)`;
}

function laneLabel(lane: LifeLane, name: string): string {
  const stay = lane.inView.length > 0 ? `in view ${stepRuns(lane.inView)}` : 'never in view';
  const gone = lane.forgotten ? `, forgotten before step ${lane.forgotten.step + 1}` : '';
  return `${name}: ${stay}${gone}`;
}

/** Every event × every step, like a trace viewer's lanes; a condensation is a cut; runs forgotten together are one row. */
export function LaneView() {
  const lanes = useAppState((s) => s.eventLanes);
  const summary = useAppState((s) => s.summary);
  const rows = useAppState((s) => s.active?.opened.rows ?? null);
  const step = useAppState((s) => s.step);
  const { loadEventLanes, selectEvent } = useActions();
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (summary && !lanes) void loadEventLanes();
  }, [summary, lanes, loadEventLanes]);
  const virtualizer = useVirtualizer({
    count: lanes?.lanes.length ?? 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  if (!lanes || !rows) return <p className="empty">Following every event through the steps…</p>;
  const ids = rows.map((row) => row.id);
  return (
    <section className="lane-view" aria-label="Event lanes">
      <p className="help">
        {rows.length} events in {lanes.lanes.length} lanes over {lanes.steps} steps; red lines are the condensations,
        the dashed one the current step. Pick a lane to see its event’s life.
      </p>
      <div ref={scroller} className="lane-scroll" tabIndex={0} role="list" aria-label="Events by lane">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const lane = lanes.lanes[item.index]!;
            const name = laneName(lane, ids);
            return (
              <div
                key={item.key}
                role="listitem"
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  transform: `translateY(${item.start}px)`,
                }}
              >
                <button
                  type="button"
                  className={lane.count > 1 ? 'lane-row folded' : 'lane-row'}
                  title={laneLabel(lane, name)}
                  onClick={() => void selectEvent(lane.first)}
                >
                  <span className="lane-name">{name}</span>
                  <LifeStrip
                    life={lane}
                    steps={lanes.steps}
                    cuts={lanes.cuts}
                    current={step}
                    label={laneLabel(lane, name)}
                  />
                </button>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
