import { memo, useId } from 'react';
import { condensationSteps } from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { shortId } from '../shared/EventLabel.tsx';
import './scrubber.css';

/**
 * The condensations on the slider. Apart from the step, drawn once per replay: a long log has hundreds,
 * which every step change reconciled. Keyed by position: another replay moves them rather than
 * removing and creating them all.
 */
const SliderMarks = memo(function SliderMarks({ marks, steps }: { marks: readonly number[]; steps: number }) {
  return (
    <div className="slider-marks" aria-hidden="true">
      {marks.map((mark, position) => (
        <span
          key={position}
          className="slider-mark"
          style={{ left: `${steps <= 1 ? 0 : (mark / (steps - 1)) * 100}%` }}
        />
      ))}
    </div>
  );
});

/** Moves through the replay's steps: slider with the condensations marked, buttons (the keys are page-wide: usePageKeys). */
export function StepScrubber() {
  const summary = useAppState((s) => s.summary);
  const step = useAppState((s) => s.step);
  // The step's one token figure, as the messages pane shows it: the estimated input of its call.
  const estimatedInput = useAppState((s) =>
    s.usage && !s.usage.error ? (s.usage.steps[s.step]?.estimate?.promptTokens ?? null) : null,
  );
  const { setStep } = useActions();
  const id = useId();
  const marks = condensationSteps(summary);
  const steps = summary?.steps ?? [];
  if (steps.length === 0) {
    return <p className="scrubber empty">{summary ? 'This log has no agent steps to replay.' : 'Replaying…'}</p>;
  }
  const current = steps[step];
  const next = marks.find((m) => m > step);
  const previous = [...marks].reverse().find((m) => m < step);

  return (
    <section className="scrubber" aria-label="Steps">
      <div className="scrubber-row">
        <button
          type="button"
          onClick={() => previous !== undefined && setStep(previous)}
          disabled={previous === undefined}
          title="Previous condensation (P)"
        >
          ⟨ Previous condensation
        </button>
        <button type="button" onClick={() => setStep(step - 1)} disabled={step === 0} aria-label="Previous step">
          ‹
        </button>
        <label
          htmlFor={id}
          className="step-label"
          title="A step is one LLM call of the agent; the condenser runs just before it."
        >
          Step {step + 1} of {steps.length}
        </label>
        <div className="slider-track">
          <input
            id={id}
            className="step-slider"
            type="range"
            min={0}
            max={steps.length - 1}
            value={step}
            aria-valuetext={`Step ${step + 1} of ${steps.length}, before event ${current ? shortId(current.beforeEventId) : ''}`}
            onChange={(e) => setStep(Number(e.target.value))}
          />
          <SliderMarks marks={marks} steps={steps.length} />
        </div>
        <button
          type="button"
          onClick={() => setStep(step + 1)}
          disabled={step === steps.length - 1}
          aria-label="Next step"
        >
          ›
        </button>
        <button
          type="button"
          onClick={() => next !== undefined && setStep(next)}
          disabled={next === undefined}
          title="Next condensation (N)"
        >
          Next condensation ⟩
        </button>
      </div>
      {current && (
        <p className="step-facts">
          <span title="The logged event the agent produced after this LLM call">
            Before event {shortId(current.beforeEventId)}
          </span>{' '}
          · view of {current.viewLength} {current.viewLength === 1 ? 'event' : 'events'}
          {estimatedInput !== null && (
            <span title="The estimated input of this step's call (messages and tool schemas), as the messages pane shows it">
              , input {estimatedInput.toLocaleString('en-US')} tokens est.
            </span>
          )}
          {current.condensationIds.length > 0 &&
            ` · ${current.condensationIds.length === 1 ? 'a condensation' : `${current.condensationIds.length} condensations`} just before this call`}
          {marks.length > 0 &&
            ` · ${marks.length} ${marks.length === 1 ? 'condensation' : 'condensations'} in this replay (N/P)`}
          {current.unhandledCondensationRequest && ' · condensation request not handled'}
        </p>
      )}
      {current?.failure && (
        <p className="error" role="alert">
          {current.failure}
        </p>
      )}
    </section>
  );
}
