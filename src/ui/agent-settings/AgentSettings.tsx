import { formatCount } from '../shared/format.ts';
import { useAppState } from '../app/storeContext.tsx';
import { AgentTemplates } from './AgentTemplates.tsx';
import { ModelPrices } from './ModelPrices.tsx';
import './agentSettings.css';

/** How the agent's messages are built and priced; shared by both replay modes. */
export function AgentSettings() {
  const learned = useAppState((s) => s.usage?.learned ?? null);
  const calibration = useAppState((s) => s.usage?.calibration ?? null);
  return (
    <details className="agent-settings">
      <summary>Agent messages and prices</summary>
      <AgentTemplates />
      <ModelPrices />
      {learned && (
        <p className="help">
          Calibration (
          {calibration === 'earlier-steps'
            ? 'at the last step, from the steps before it'
            : "from the log's recorded run"}
          ): provider tokens ≈ {learned.map.slope.toFixed(3)} × ours {learned.map.intercept >= 0 ? '+' : '−'}{' '}
          {formatCount(Math.abs(Math.round(learned.map.intercept)))}
          {learned.providerCaches ? '.' : '; the provider recorded no cache use, so none is estimated.'}
        </p>
      )}
    </details>
  );
}
