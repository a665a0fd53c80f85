import { type ChangeEvent, useId, useState } from 'react';
import { agentSettingsOf } from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';

/** The session's own prompt templates for the agent's messages (OpenHands' files, or the user's). */
export function AgentTemplates() {
  const active = useAppState((s) => s.active);
  const { loadAgentTemplates, resetAgentTemplates } = useActions();
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const id = useId();
  if (!active) return null;
  const loaded = Object.keys(agentSettingsOf(active).templates);
  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (!files.length) return;
    const texts = await Promise.all(files.map(async (file) => ({ name: file.name, text: await file.text() })));
    const result = await loadAgentTemplates(texts);
    setProblem(result);
    setSaved(result ? null : `Kept ${files.length} template${files.length > 1 ? 's' : ''} for this session.`);
  };
  return (
    <div className="setting agent-templates">
      <label htmlFor={id}>Agent templates</label>
      <input id={id} type="file" accept=".j2" multiple onChange={(event) => void onFiles(event)} />
      <p className="help">
        {loaded.length
          ? `This session uses its own ${loaded.map((name) => `${name}.j2`).join(', ')}; the rest keep the inspector's wording.`
          : "The inspector's own wording renders workspace context, microagent knowledge and a missing system prompt."}{' '}
        Load your agent's system_prompt.j2, additional_info.j2 and microagent_info.j2 to read its exact text; they go
        into the reproduction file.
      </p>
      {loaded.length > 0 && (
        <button
          type="button"
          onClick={() => {
            setProblem(null);
            setSaved(null);
            void resetAgentTemplates();
          }}
        >
          Use the inspector's wording
        </button>
      )}
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      {saved && <p role="status">{saved}</p>}
    </div>
  );
}
