import type { EventId } from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { formatCount } from '../shared/format.ts';
import './factsLost.css';

/** Where the fact last asked about had gone: the event it was last in, and what took that event out of view. */
function Origin({ onShowCondensation }: { onShowCondensation: (id: EventId) => void }) {
  const origin = useAppState((s) => s.factOrigin);
  const step = useAppState((s) => s.step);
  const { selectEvent } = useActions();
  if (!origin || origin.step !== step) return null;
  if (!origin.lastSeen)
    return <p className="fact-origin">“{origin.fact}” appears in no event before this step of the log.</p>;
  const { lastSeen } = origin;
  return (
    <p className="fact-origin" aria-label="Where the fact went">
      “{origin.fact}” was last in{' '}
      <button type="button" className="link" onClick={() => void selectEvent(lastSeen.index)}>
        event {String(lastSeen.id)}
      </button>
      {origin.masked ? (
        ', which is still in view but masked.'
      ) : origin.forgottenBy !== null ? (
        <>
          , forgotten by{' '}
          <button type="button" className="link" onClick={() => onShowCondensation(origin.forgottenBy!)}>
            condensation {String(origin.forgottenBy)}
          </button>
          .
        </>
      ) : (
        ', which is no longer in view.'
      )}
    </p>
  );
}

/**
 * Facts lost (spec/quality.md): the facts the agent used at a step that its view no longer showed, at the
 * current step and over the run, each traced back to where it was last seen and what took it away.
 */
export function FactsLost({ onShowCondensation }: { onShowCondensation: (id: EventId) => void }) {
  const quality = useAppState((s) => s.quality);
  const step = useAppState((s) => s.step);
  const { explainFact, setStep } = useActions();
  if (!quality) return <p className="muted">Counting the facts the agent used that its view had lost…</p>;
  const here = quality.steps[step];
  const lossy = quality.steps.flatMap((q, index) => (q && q.missing_used.length > 0 ? [{ index, q }] : []));
  return (
    <section className="facts-lost" aria-label="Facts lost">
      <p>
        Over the run, the agent used {formatCount(quality.total.missing_used)} fact
        {quality.total.missing_used === 1 ? '' : 's'} its view no longer showed, at{' '}
        {formatCount(quality.total.steps_with_missing_used)} step
        {quality.total.steps_with_missing_used === 1 ? '' : 's'} (of {formatCount(quality.total.facts_seen)} facts in
        the log).
      </p>
      <h4>At step {step + 1}</h4>
      {!here ? (
        <p className="muted">This step has no view.</p>
      ) : here.missing_used.length === 0 ? (
        <p className="muted">
          Nothing lost: every fact the agent used here was in its view ({formatCount(here.in_view)} of{' '}
          {formatCount(here.seen)} seen facts in view).
        </p>
      ) : (
        <ul className="missing-facts">
          {here.missing_used.map((fact) => (
            <li key={fact}>
              <button type="button" className="fact" onClick={() => void explainFact(step, fact)}>
                {fact}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Origin onShowCondensation={onShowCondensation} />
      {lossy.length > 0 && (
        <>
          <h4>Steps that used lost facts</h4>
          <ul className="lossy-steps">
            {lossy.map(({ index, q }) => (
              <li key={index}>
                <button type="button" aria-current={index === step} onClick={() => setStep(index)}>
                  Step {index + 1}: {q.missing_used.length}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
