import { useId, useMemo, useState } from 'react';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { formatBytes, formatCount } from '../shared/format.ts';
import './sessionList.css';

const resolvedText = (resolved: boolean | null) => (resolved === null ? '—' : resolved ? 'yes' : 'no');

/** An eval run holds many instances: the user picks the one to open (only that one is stored). */
export function InstancePicker() {
  const picker = useAppState((s) => s.instancePicker);
  const { pickInstance, cancelInstancePicker } = useActions();
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return picker ? picker.instances.filter((instance) => instance.id.toLowerCase().includes(needle)) : [];
  }, [picker, filter]);
  if (!picker) return null;
  const recordsResolved = picker.instances.some((instance) => instance.resolved !== null);
  const resolvedCount = picker.instances.filter((instance) => instance.resolved).length;
  return (
    <div className="modal-backdrop">
      <div
        className="instance-picker"
        role="dialog"
        aria-modal="true"
        aria-label="Choose an instance"
        onKeyDown={(e) => e.key === 'Escape' && cancelInstancePicker()}
      >
        <h2>Choose an instance</h2>
        <p className="session-meta">
          {picker.name} · {picker.shapeLabel} · {formatBytes(picker.sizeBytes)} · {formatCount(picker.instances.length)}{' '}
          instances
          {recordsResolved && ` · ${resolvedCount} resolved`}
        </p>
        <label htmlFor={filterId}>Filter by instance id</label>
        <input id={filterId} type="search" value={filter} autoFocus onChange={(e) => setFilter(e.target.value)} />
        <div className="instance-table">
          <table>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Instance</th>
                <th scope="col">Events</th>
                <th scope="col">Condensations</th>
                <th scope="col">Resolved</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((instance) => (
                <tr key={instance.position}>
                  <td>{instance.position}</td>
                  <td>
                    <button type="button" className="link" onClick={() => void pickInstance(instance.id)}>
                      {instance.id}
                    </button>
                  </td>
                  <td>{formatCount(instance.eventCount)}</td>
                  <td>{instance.condensations}</td>
                  <td>{resolvedText(instance.resolved)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {shown.length === 0 && <p className="empty">No instance id contains “{filter}”.</p>}
        </div>
        <div className="form-actions">
          <button type="button" onClick={cancelInstancePicker}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}
