/** The `llm_attention` condenser's instruction: our own wording of "rank the ids by importance". */
export const ATTENTION_INSTRUCTION = `Below are the events of an agent's history, one per message, each with its <ID>.
Sort the identifiers by how important each event is for the agent's next step, most important first.
Answer with JSON of the form {"ids": [ ... ]}.`;

/** The JSON schema OpenHands sends as response_format (pydantic's schema of ImportantEventSelection). */
export const ATTENTION_RESPONSE_SCHEMA = {
  name: 'ImportantEventSelection',
  schema: {
    description: 'Event identifiers ranked by importance for the next step.',
    properties: { ids: { items: { type: 'integer' }, title: 'Ids', type: 'array' } },
    required: ['ids'],
    title: 'ImportantEventSelection',
    type: 'object',
  },
} as const;

export function attentionEventMessage(id: number, message: string): string {
  return `<ID>${id}</ID>\n<CONTENT>${message}</CONTENT>`;
}
