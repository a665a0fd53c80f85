import type { AgentTranscript } from '../../store/index.ts';

/** The request as the agent sent it: `messages` exactly, and `tools` where the log recorded them. */
export function requestJson(transcript: AgentTranscript): string {
  const request = transcript.tools
    ? { messages: transcript.messages.map((item) => item.message), tools: transcript.tools }
    : { messages: transcript.messages.map((item) => item.message) };
  return JSON.stringify(request, null, 2);
}
