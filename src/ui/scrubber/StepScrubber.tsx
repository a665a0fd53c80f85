import { type KeyboardEvent, useId, useMemo } from 'react';
import { condensationSteps } from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { shortId } from '../shared/EventLabel.tsx';

/** Moves through the replay's steps: slider, buttons, and the keyboard (arrows, Page Up/Down, Home/End, N/P). */
export function StepScrubber() {
  const summary = useAppState((s) => s.summary);
  const step = useAppState((s) => s.step);
  const { setStep } = useActions();
  const id = useId();
  const marks = useMemo(() => condensationSteps(summary), [summary]);
  const steps = summary?.steps ?? [];
  if (steps.length === 0) {
    return <p className="scrubber empty">{summary ? 'This log has no agent steps to replay.' : 'Replaying…'}</p>;
  }
  const current = steps[step];
  const next = marks.find((m) => m > step);
  const previous = [...marks].reverse().find((m) => m < step);

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number | undefined> = {
      PageUp: step - 10,
      PageDown: step + 10,
      n: next,
      p: previous,
      N: next,
      P: previous,
    };
    if (event.key in moves) {
      event.preventDefault();
      const target = moves[event.key];
      if (target !== undefined) setStep(target);
    }
  };

  return (
    <section className="scrubber" aria-label="Steps" onKeyDown={onKeyDown}>
      <div className="scrubber-row">
        <button type="button" onClick={() => previous !== undefined && setStep(previous)} disabled={previous === undefined} title="Previous condensation (P)">
          ⟨ Previous condensation
        </button>
        <button type="button" onClick={() => setStep(step - 1)} disabled={step === 0} aria-label="Previous step">
          ‹
        </button>
        <label htmlFor={id} className="step-label">
          Step {step + 1} of {steps.length}
        </label>
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
        <button type="button" onClick={() => setStep(step + 1)} disabled={step === steps.length - 1} aria-label="Next step">
          ›
        </button>
        <button type="button" onClick={() => next !== undefined && setStep(next)} disabled={next === undefined} title="Next condensation (N)">
          Next condensation ⟩
        </button>
      </div>
      {current && (
        <p className="step-facts">
          Before event {shortId(current.beforeEventId)} · view of {current.viewLength} events
          {current.viewTokens > 0 && `, ~${current.viewTokens.toLocaleString('en-US')} tokens`}
          {current.condensationIds.length > 0 && ` · condensed here (${current.condensationIds.length === 1 ? 'once' : `${current.condensationIds.length} times`})`}
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
