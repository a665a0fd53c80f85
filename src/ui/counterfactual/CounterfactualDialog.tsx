import { formatCount } from '../shared/format.ts';
import { useId, useState } from 'react';
import {
  type Counterfactual,
  type CounterfactualAnswer,
  type CounterfactualRun,
  DEFAULT_SAMPLES,
  MAX_SAMPLES,
} from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import './counterfactual.css';

/** The longest argument text shown per call; the rest is cut with a mark (the answers are the model's, untrusted). */
const SHOWN_CHARS = 600;
const cut = (text: string) => (text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text);

const share = (value: number | null) => (value === null ? 'not comparable' : `${Math.round(value * 100)}%`);

function AnswerText({ answer }: { answer: Omit<CounterfactualAnswer, 'match'> }) {
  if (answer.tool_calls.length === 0) return <pre className="cf-text">{cut(answer.content ?? '(no text)')}</pre>;
  return (
    <>
      {answer.tool_calls.map((call, k) => (
        <pre key={k} className="cf-call">
          <strong>{call.name}</strong> {cut(call.arguments)}
        </pre>
      ))}
    </>
  );
}

const MARKS: ReadonlyArray<[keyof NonNullable<CounterfactualAnswer['match']>, string]> = [
  ['same_tool', 'same tool'],
  ['same_target', 'same command or file'],
  ['same_arguments', 'same arguments'],
];

function Side({
  title,
  answers,
  agreement,
}: {
  title: string;
  answers: readonly CounterfactualAnswer[];
  agreement: number | null;
}) {
  return (
    <section className="cf-side" aria-label={title}>
      <h4>
        {title} <span className="cf-agreement">agreement {share(agreement)}</span>
      </h4>
      <ol>
        {answers.map((answer, k) => (
          <li key={k} className="cf-sample">
            <AnswerText answer={answer} />
            {answer.match && (
              <p className="cf-marks">
                {MARKS.map(([key, label]) => (
                  <span key={key} className={answer.match![key] ? 'cf-mark yes' : 'cf-mark no'}>
                    {answer.match![key] ? '✓' : '✗'} {label}
                  </span>
                ))}
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Result({ result }: { result: Counterfactual }) {
  const floor = result.agreement.baseline;
  const candidate = result.agreement.candidate;
  return (
    <>
      <section className="cf-recorded" aria-label="What the agent did">
        <h4>What the agent did (recorded)</h4>
        {result.recorded_action ? <AnswerText answer={result.recorded_action} /> : <p>The log kept no action here.</p>}
      </section>
      <p className="cf-reading" role="status">
        {floor === null || candidate === null
          ? 'The log kept no action to compare with: the answers are shown side by side.'
          : `Under B, ${share(candidate)} of the answers take the recorded action (same tool, same command or file); the recorded request itself gets ${share(floor)}: the noise floor B is read against.`}
        {result.same_request && ' B sends the very request the recorded run sent at this step.'}
        {result.placeholder_summaries > 0 &&
          ` B's request holds ${result.placeholder_summaries} placeholder summaries (no recorded answer for them).`}
        {` Requests: recorded ${result.requests.baseline.messages} messages (${formatCount(result.requests.baseline.tokens)} tokens), B ${result.requests.candidate.messages} messages (${formatCount(result.requests.candidate.tokens)} tokens); model ${result.model}.`}
      </p>
      <div className="cf-sides">
        <Side title="As recorded (noise floor)" answers={result.baseline} agreement={floor} />
        <Side title="Under B" answers={result.candidate} agreement={candidate} />
      </div>
    </>
  );
}

function configLabel(run: CounterfactualRun): string {
  const text = run.config === null ? 'the recorded run' : JSON.stringify(run.config);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** "What would B have done?": the one-step counterfactual at the current step (issue 19). */
export function CounterfactualDialog({ onClose }: { readonly onClose: () => void }) {
  const run = useAppState((s) => s.counterfactual);
  const step = useAppState((s) => s.step);
  const { askCounterfactual, cancelCounterfactual } = useActions();
  const [samples, setSamples] = useState(run?.samples ?? DEFAULT_SAMPLES);
  const samplesId = useId();
  const valid = Number.isInteger(samples) && samples >= 1 && samples <= MAX_SAMPLES;
  return (
    <div className="modal-backdrop">
      <div
        className="cf-dialog"
        role="dialog"
        aria-modal="true"
        aria-label="What would B have done?"
        onKeyDown={(event) => event.key === 'Escape' && onClose()}
      >
        <h3>What would B have done? Step {(run?.step ?? step) + 1}</h3>
        <p className="cf-intro">
          B is the session's configuration{run ? `: ${configLabel(run)}` : ''}. Its request at this step and the
          recorded run's are each sent to the LLM settings' endpoint; the answers are kept in the session (and its
          export), so asking again replays them offline.
        </p>
        <div className="cf-controls">
          <label htmlFor={samplesId}>Samples per side</label>
          <input
            id={samplesId}
            type="number"
            min={1}
            max={MAX_SAMPLES}
            value={samples}
            onChange={(event) => setSamples(Number(event.target.value))}
          />
          <button
            type="button"
            disabled={!valid || Boolean(run?.running)}
            onClick={() => void askCounterfactual(samples)}
          >
            Ask at step {step + 1}
          </button>
          {run?.running && (
            <button type="button" onClick={cancelCounterfactual}>
              Cancel
            </button>
          )}
        </div>
        {run?.running && (
          <p className="cf-status" role="status">
            {run.running}
          </p>
        )}
        {run?.error && (
          <p className="cf-error" role="alert">
            {run.error}
          </p>
        )}
        {run?.result && <Result result={run.result} />}
        <div className="form-actions">
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
