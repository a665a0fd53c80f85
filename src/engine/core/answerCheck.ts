import { type LlmAnswer, type LlmRequest, STATE_SUMMARY_TOOL_NAME } from './llm.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Why a model's answer cannot serve the condenser that asked, or null when it can. OpenHands takes
 * such answers as they come (a null summary, an empty state summary); the inspector does not keep a
 * paid answer like that as if it were good, so the request can be asked again.
 */
export function answerProblem(request: LlmRequest, answer: LlmAnswer): string | null {
  const tools = (answer.toolCalls ?? []).map((call) => call.name);
  switch (request.condenser) {
    case 'llm':
      if (answer.content === null || answer.content.trim() === '') {
        return tools.length
          ? `the model called ${tools.join(', ')} instead of writing a summary`
          : 'the model answered with no text';
      }
      return null;
    case 'structured': {
      // The structured condenser forces its state-summary tool.
      const tool = request.forcedTool ?? STATE_SUMMARY_TOOL_NAME;
      const call = answer.toolCalls?.find((candidate) => candidate.name === tool);
      if (!call)
        return tools.length ? `the model called ${tools.join(', ')}, not ${tool}` : `the model did not call ${tool}`;
      return isObject(parsed(call.arguments)) ? null : `the arguments of ${tool} are not a JSON object`;
    }
    case 'llm_attention': {
      const value = answer.content === null ? undefined : parsed(answer.content);
      return isObject(value) && Array.isArray(value.ids)
        ? null
        : 'the model did not answer with the JSON object of ranked ids ({"ids": [...]}) the schema asks for';
    }
  }
}
