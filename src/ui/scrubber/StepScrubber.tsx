import { formatCount } from '../shared/format.ts';
import { memo, useId, useState } from 'react';
import { condensationAfter, condensationBefore, condensationSteps } from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { shortId } from '../shared/EventLabel.tsx';
import './scrubber.css';

/** The marks' x scale: a step's mark stands at step / (steps - 1) of it. */
const MARKS_WIDTH = 1000;

/** The marks as one path, a vertical line per condensation (x with two decimals: a tenth of a pixel at 10,000 px). */
export function marksPath(marks: readonly number[], steps: number): string {
  let path = '';
  for (const mark of marks) {
    const x = steps <= 1 ? 0 : (mark / (steps - 1)) * MARKS_WIDTH;
    path += `M${Math.round(x * 100) / 100} 0V1`;
  }
  return path;
}

/**
 * The condensations on the slider, drawn as one path: a gigabyte log has about 5,000, and as an element
 * each they made the page's first style and layout after its import take 200 ms. Apart from the step,
 * drawn once per replay.
 */
const SliderMarks = memo(function SliderMarks({ marks, steps }: { marks: readonly number[]; steps: number }) {
  return (
    <svg
      className="slider-marks"
      aria-hidden="true"
      viewBox={`0 0 ${MARKS_WIDTH} 1`}
      preserveAspectRatio="none"
      data-marks={marks.length}
    >
      {marks.length > 0 && <path className="slider-mark-lines" d={marksPath(marks, steps)} />}
    </svg>
  );
});

/** Moves through the replay's steps: slider with the condensations marked, buttons (the keys are page-wide: usePageKeys). */
export function StepScrubber() {
  const summary = useAppState((s) => s.summary);
  // The step shown: it moves with the panes, in one frame (the store waits for the engine's view of it).
  const step = useAppState((s) => s.step);
  // The step's one token figure, as the messages pane shows it: the estimated input of its call.
  const estimatedInput = useAppState((s) =>
    s.usage && !s.usage.error ? (s.usage.steps[s.step]?.estimate?.promptTokens ?? null) : null,
  );
  const { setStep, moveStep } = useActions();
  // Where the slider was dragged to: the thumb stays under the hand until the step shown gets there
  // (unless another step is asked for meanwhile, by a key or a button).
  const [dragged, setDragged] = useState<number | null>(null);
  const draggedAhead = useAppState((s) => dragged !== null && s.stepAsked === dragged && s.step !== dragged);
  const id = useId();
  const marks = condensationSteps(summary);
  const steps = summary?.steps ?? [];
  if (steps.length === 0) {
    return <p className="scrubber empty">{summary ? 'This log has no agent steps to replay.' : 'Replaying…'}</p>;
  }
  const current = steps[step];
  const thumb = draggedAhead && dragged !== null ? dragged : step;
  const next = condensationAfter(marks, step);
  const previous = condensationBefore(marks, step);

  return (
    <section className="scrubber" aria-label="Steps">
      <div className="scrubber-row">
        <button
          type="button"
          onClick={() => moveStep((from) => condensationBefore(marks, from))}
          disabled={previous === undefined}
          title="Previous condensation (P)"
        >
          ⟨ Previous condensation
        </button>
        <button
          type="button"
          onClick={() => moveStep((from) => from - 1)}
          disabled={step === 0}
          aria-label="Previous step"
        >
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
            value={thumb}
            aria-valuetext={`Step ${thumb + 1} of ${steps.length}, before event ${steps[thumb] ? shortId(steps[thumb].beforeEventId) : ''}`}
            onChange={(e) => {
              const value = Number(e.target.value);
              setDragged(value);
              setStep(value);
            }}
          />
          <SliderMarks marks={marks} steps={steps.length} />
        </div>
        <button
          type="button"
          onClick={() => moveStep((from) => from + 1)}
          disabled={step === steps.length - 1}
          aria-label="Next step"
        >
          ›
        </button>
        <button
          type="button"
          onClick={() => moveStep((from) => condensationAfter(marks, from))}
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
              , input {formatCount(estimatedInput)} tokens est.
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
