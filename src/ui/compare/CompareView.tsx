import { useEffect, useMemo } from 'react';
import {
  type AppState,
  type ReplaySummary,
  type UsageReport,
  formatDollars,
  maxSizeOf,
  pricesFor,
  sessionPrices,
} from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { StepChart } from '../chart/StepChart.tsx';
import { CHART_HEIGHT } from '../chart/stepChartSpec.ts';
import { compareChartSpec } from './compareChartSpec.ts';
import { formatCount } from '../shared/format.ts';
import { ConfigForm } from '../settings/ConfigForm.tsx';
import { RecordedVsEstimate } from './RecordedVsEstimate.tsx';
import { PerStepDiff } from './PerStepDiff.tsx';
import { StepDiffCard } from './StepDiffCard.tsx';
import { stepDiffRows } from './stepDiff.ts';
import { useConfigFamily } from '../settings/useConfigFamily.ts';
import { type DollarFacts, type ReplayFacts, dollarFacts, replayFacts, summaryAtStep } from './compareFacts.ts';
import './compare.css';

/** A and B on one chart, with the cursor at the current step (a click moves it). */
function BothChart({ comparison }: { comparison: NonNullable<AppState['comparison']> }) {
  const step = useAppState((s) => s.step);
  const { setStep } = useActions();
  const spec = useMemo(
    () =>
      compareChartSpec(
        comparison.a,
        comparison.b,
        comparison.usageA,
        comparison.usageB,
        comparison.lostFactsA,
        comparison.lostFactsB,
      ),
    [comparison],
  );
  return <StepChart spec={spec} step={step} onStep={setStep} height={CHART_HEIGHT + 40} className="compare-chart" />;
}

type Facts = ReplayFacts & {
  readonly dollars: DollarFacts | null;
  readonly usage: UsageReport | null;
  readonly factsLost: { readonly missing_used: number; readonly steps_with_missing_used: number } | null;
};

function dollars(facts: Facts, pick: (d: DollarFacts) => string): string {
  if (facts.dollars) return pick(facts.dollars);
  if (facts.usage?.error) return facts.usage.error;
  return facts.usage ? 'no prices for this model (Agent messages and prices)' : 'estimating…';
}

function FactsTable({ a, b }: { a: Facts; b: Facts }) {
  const rows: Array<[string, (facts: Facts) => string]> = [
    [
      'Condensations',
      (f) =>
        `${f.condensations}${
          f.condensedAtSteps.length
            ? ` (steps ${f.condensedAtSteps
                .slice(0, 8)
                .map((s) => s + 1)
                .join(', ')}${f.condensedAtSteps.length > 8 ? ', …' : ''})`
            : ''
        }`,
    ],
    [
      'Largest view',
      (f) => `${formatCount(f.peakEvents)} events${f.peakTokens ? `, ${formatCount(f.peakTokens)} tokens` : ''}`,
    ],
    ['Agent prompt tokens (all steps)', (f) => (f.agentPromptTokens ? formatCount(f.agentPromptTokens) : 'counting…')],
    [
      'Condenser LLM calls',
      (f) => `${f.llmCalls}${f.placeholders ? ` (${f.placeholders} without a recorded answer)` : ''}`,
    ],
    [
      'Condenser prompt / completion tokens',
      (f) =>
        `${f.condenserPromptTokens === null ? '–' : formatCount(f.condenserPromptTokens)}${condenserEstimateNote(f)} / ${f.condenserCompletionTokens === null ? '–' : formatCount(f.condenserCompletionTokens)}`,
    ],
    ['Agent calls, prompt cache counted', (f) => dollars(f, (d) => formatDollars(d.agent))],
    [
      'of which cache rewrites after condensations',
      (f) =>
        dollars(f, (d) =>
          d.cacheRewrites.condensations
            ? `${formatDollars(d.cacheRewrites.cost)} (${formatCount(d.cacheRewrites.tokens)} tokens over ${d.cacheRewrites.condensations})`
            : '–',
        ),
    ],
    ['Condenser calls', (f) => dollars(f, (d) => formatDollars(d.condenser))],
    [
      'Facts used after leaving the view',
      (f) =>
        f.factsLost === null
          ? '–'
          : `${formatCount(f.factsLost.missing_used)} (at ${formatCount(f.factsLost.steps_with_missing_used)} steps)`,
    ],
    ['Total', (f) => dollars(f, (d) => formatDollars(d.total))],
  ];
  return (
    <table className="compare-table" aria-label="A and B over the run">
      <thead>
        <tr>
          <th scope="col" />
          <th scope="col">A (session settings)</th>
          <th scope="col">B</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value(a)}</td>
            <td>{value(b)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Two configurations on the same log: where each condensed, their view sizes, their summaries at a step. */
/** Calls without recorded usage are estimates: on the scale the log's recorded condenser calls taught, or our raw count. */
function condenserEstimateNote(facts: ReplayFacts): string {
  if (facts.condenserPromptTokens === null || facts.condenserPromptEstimatedCalls === 0) return '';
  const fitted = facts.condenserPromptFittedOn;
  return fitted ? ` est. (fitted on ${fitted} recorded condenser call${fitted === 1 ? '' : 's'})` : ' est. (our count)';
}

export function CompareView() {
  const compareConfig = useAppState((s) => s.compareConfig);
  const config = useAppState((s) => s.config);
  const mode = useAppState((s) => s.mode);
  const comparison = useAppState((s) => s.comparison);
  const error = useAppState((s) => s.compareError);
  const step = useAppState((s) => s.step);
  const answers = useAppState((s) => s.active?.answers);
  const condenserPrices = useAppState((s) => s.llmSettings);
  const overrides = useAppState(sessionPrices);
  const { setCompareConfig, refreshComparison, loadCompareStep, setStep, moveStep } = useActions();
  const family = useConfigFamily();
  useEffect(() => {
    void refreshComparison();
  }, [config, mode, answers, refreshComparison]);
  useEffect(() => {
    if (comparison) void loadCompareStep(step);
  }, [comparison, step, loadCompareStep]);
  const rows = useMemo(() => (comparison ? stepDiffRows(comparison, overrides) : null), [comparison, overrides]);
  const here = rows?.[Math.min(step, rows.length - 1)];
  const facts = useMemo(() => {
    if (!comparison) return null;
    const side = (summary: ReplaySummary, usage: UsageReport | null, factsLost: Facts['factsLost']): Facts => {
      const prices = usage && !usage.error ? pricesFor(usage.model, overrides) : null;
      return {
        ...replayFacts(summary),
        usage,
        factsLost,
        dollars: usage && prices ? dollarFacts(summary, usage, prices.prices, condenserPrices) : null,
      };
    };
    return {
      a: side(comparison.a, comparison.usageA, comparison.qualityA),
      b: side(comparison.b, comparison.usageB, comparison.qualityB),
    };
  }, [comparison, overrides, condenserPrices]);
  const record =
    typeof compareConfig === 'object' && compareConfig !== null
      ? (compareConfig as Record<string, unknown>)
      : { [family.key]: family.choices[0]!.value };
  return (
    <section className="compare" aria-label="Compare two configurations">
      <div className="compare-config">
        <h4>Configuration B</h4>
        <p className="help">
          A is the session's configuration (max_size {maxSizeOf(config) ?? '–'}); B starts from it with max_size halved.
        </p>
        <ConfigForm config={record} context=" (B)" onChange={setCompareConfig} family={family} />
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
      </div>
      {comparison && facts ? (
        <div className="compare-results">
          {here && <StepDiffCard row={here} mode={comparison.a.mode} />}
          {rows && <PerStepDiff rows={rows} step={step} onStep={setStep} onMove={moveStep} />}
          <BothChart comparison={comparison} />
          <RecordedVsEstimate estimatedB={facts.b.dollars?.total ?? null} />
          <FactsTable a={facts.a} b={facts.b} />
          <p className="help">
            Dollars come from the usage model: each step's prompt with the provider's cache (reads, writes) at the
            model's prices; the condenser's calls at the LLM settings' prices when set, else at the agent model's.
          </p>
          <h4>Summaries the agent had at step {step + 1}</h4>
          <div className="compare-summaries">
            {(['a', 'b'] as const).map((side) => (
              <div key={side}>
                <h5>{side.toUpperCase()}</h5>
                <pre className="summary-text" tabIndex={0} aria-label={`Summary ${side.toUpperCase()} at this step`}>
                  {summaryAtStep(comparison[side], step) ?? '(no summary yet at this step)'}
                </pre>
              </div>
            ))}
          </div>
        </div>
      ) : (
        <p className="empty">Replaying both…</p>
      )}
    </section>
  );
}
