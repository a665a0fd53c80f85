import { formatCount } from '../shared/format.ts';
import { useAppState } from '../app/storeContext.tsx';
import { PromptTemplateEditor } from './PromptTemplateEditor.tsx';
import './promptView.css';

/** The prompt template to tune, and the request a selected condensation sent (or would send). */
export function PromptView() {
  return (
    <div className="prompt-panel">
      <PromptTemplateEditor />
      <SentPrompt />
    </div>
  );
}

function SentPrompt() {
  const selected = useAppState((s) => s.selectedCondensation);
  const prompt = useAppState((s) => s.prompt);
  if (selected === null)
    return (
      <p className="empty">Choose "Show prompt" on a condensation in the summary history to see the request it sent.</p>
    );
  if (!prompt)
    return <p className="empty">Condensation #{selected} made no LLM call (or the replay has changed since).</p>;
  return (
    <section className="prompt-view" aria-label={`Prompt of condensation ${selected}`}>
      <p>
        Condensation #{selected}: the {prompt.condenser} condenser's request, {prompt.messages.length} message
        {prompt.messages.length === 1 ? '' : 's'},{' '}
        {formatCount(prompt.messages.reduce((sum, m) => sum + m.content.length, 0))} characters.
      </p>
      {prompt.messages.map((message, i) => (
        <div key={i} className="prompt-message">
          <h4>
            Message {i + 1} ({message.role})
          </h4>
          <pre tabIndex={0}>{message.content}</pre>
        </div>
      ))}
      {prompt.tools !== null && (
        <details>
          <summary>Tools</summary>
          <pre>{JSON.stringify(prompt.tools, null, 2)}</pre>
        </details>
      )}
      {prompt.responseFormat !== null && (
        <details>
          <summary>Response format</summary>
          <pre>{JSON.stringify(prompt.responseFormat, null, 2)}</pre>
        </details>
      )}
    </section>
  );
}
