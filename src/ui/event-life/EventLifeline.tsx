import { useMemo } from 'react';
import { useAppState, useActions } from '../app/storeContext.tsx';
import { shortId } from '../shared/EventLabel.tsx';
import { formatCount } from '../shared/format.ts';
import { LifeStrip, stepRuns } from './LifeStrip.tsx';
import './eventLife.css';

/** The selected event across the steps: when it entered, stayed, was masked, and which condensation forgot it. */
export function EventLifeline() {
  const life = useAppState((s) => s.eventLife);
  const summary = useAppState((s) => s.summary);
  const step = useAppState((s) => s.step);
  const tokens = useAppState((s) => (s.eventLife && s.active?.tokens ? s.active.tokens[s.eventLife.index] : null));
  const transcript = useAppState((s) => s.transcript);
  // Selected whole and filtered here: a selector that made a new array each time would render forever.
  const messages = useMemo(
    () => (life && transcript ? transcript.messages.filter((m) => m.eventIds.includes(life.id)) : null),
    [life, transcript],
  );
  const { setStep } = useActions();
  if (!life || !summary) return null;
  const cuts = summary.condensations.map((c) => c.stepIndex);
  const { forgotten } = life;
  return (
    <section className="event-life" aria-label="Its life across the steps">
      <h5>Its life across the steps</h5>
      <LifeStrip
        life={life}
        steps={summary.steps.length}
        cuts={cuts}
        current={step}
        label={`In view: ${life.inView.length > 0 ? stepRuns(life.inView) : 'never'}`}
      />
      <ul className="life-facts">
        <li>
          {life.entered === null
            ? 'No step’s view held it'
            : `Entered the view at step ${life.entered + 1} of ${summary.steps.length}`}
        </li>
        {life.inView.length > 0 && <li>In view: {stepRuns(life.inView)}</li>}
        {life.masked.length > 0 && <li>Masked (a placeholder stood for it): {stepRuns(life.masked)}</li>}
        {forgotten ? (
          <li>
            Forgotten before step {forgotten.step + 1} by condensation{' '}
            <button
              type="button"
              className="link"
              title={`Go to step ${forgotten.step + 1}, where it ran`}
              onClick={() => setStep(forgotten.step)}
            >
              #{shortId(forgotten.condensationId)}
            </button>
            {forgotten.summary ? ', whose summary stands for it' : ' (no summary)'}
          </li>
        ) : (
          life.entered !== null && <li>Never forgotten: still in view at the last step</li>
        )}
        {messages && (
          <li>
            At step {step + 1}:{' '}
            {messages.length === 0
              ? 'in no message'
              : `in ${messages.length} ${messages.length === 1 ? 'message' : 'messages'} (${messages
                  .map((m) => m.message.role)
                  .join(', ')})`}
          </li>
        )}
        {tokens !== null && tokens !== undefined && <li>~{formatCount(tokens)} tokens (our count)</li>}
      </ul>
    </section>
  );
}
