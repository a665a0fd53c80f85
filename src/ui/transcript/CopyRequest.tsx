import type { AgentTranscript } from '../../store/index.ts';
import { useAppState } from '../app/storeContext.tsx';
import { CopyButton } from './CopyButton.tsx';
import { OPENAI_BASE_URL, type RequestTarget, asCurl, asJson, asPython } from './requestCopies.ts';

/** The step's request to copy: as JSON (model, messages, tools, sampling), as cURL, as Python with `openai`. */
export function CopyRequest({ transcript }: { transcript: AgentTranscript }) {
  const settings = useAppState((s) => s.llmSettings);
  const stepModel = useAppState((s) => s.usage?.steps[transcript.step]?.model ?? null);
  const opened = useAppState((s) => s.active?.opened ?? null);
  const target: RequestTarget = {
    model: stepModel ?? opened?.agentModel ?? (settings?.model || null),
    baseURL: settings?.baseURL || OPENAI_BASE_URL,
    sampling: opened?.agentSampling ?? {},
  };
  return (
    <span className="copy-request" role="group" aria-label="Copy the request">
      Copy as{' '}
      <CopyButton label="Copy request as JSON" text={() => asJson(transcript, target)}>
        JSON
      </CopyButton>
      <CopyButton label="Copy request as cURL" text={() => asCurl(transcript, target)}>
        cURL
      </CopyButton>
      <CopyButton label="Copy request as Python" text={() => asPython(transcript, target)}>
        Python
      </CopyButton>
    </span>
  );
}
