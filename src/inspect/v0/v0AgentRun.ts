import { UsageSimulator, messageTokens, toolSchemaText } from '../../engine/index.ts';
import { type Condenser, type PreparedLog, type ReplayResult, type StepRequest, V0AgentCalls, learnFromRecordedRun, stepView } from '../../engine/v0/index.ts';
import { compileAgentTemplates } from '../../templates/index.ts';
import type { AgentRun, AgentRunContext } from '../agentRun.ts';
import type { AgentSettings, AgentTranscript } from '../types.ts';

/** The agent's LLM calls of a V0 replay. Throws a TemplateError when the session's templates do not compile. */
export function v0AgentRun(log: PreparedLog, result: ReplayResult, condenser: Condenser | null, settings: AgentSettings, context: AgentRunContext): AgentRun {
  const templates = compileAgentTemplates(settings.templates);
  const options = { profile: settings.profile, templates, tokens: context.tokens };
  const calls = new V0AgentCalls(log, options);
  const toolText = toolSchemaText(calls.tools);
  const toolTokens = toolText ? context.tokens.text(toolText) : 0;
  const active = result.mode === 'resimulate' ? condenser : null;
  const requestAt = (index: number): StepRequest | null => {
    const step = result.steps[index];
    if (!step) throw new Error(`there is no step ${index}`);
    const view = stepView(step, active);
    return view ? calls.request(step, view) : null;
  };
  const calibration = result.mode === 'recorded' ? 'earlier-steps' : 'whole-log';
  let simulator: UsageSimulator | null = null;
  return {
    tools: calls.tools,
    calibration,
    transcript(index): AgentTranscript {
      const request = requestAt(index);
      if (!request) return { step: index, messages: [], tools: calls.tools, toolTokens, error: 'This step failed, so the agent made no call.' };
      if (request.error !== undefined) return { step: index, messages: [], tools: calls.tools, toolTokens, error: request.error };
      const { messages, eventIds } = request.request;
      return {
        step: index,
        messages: messages.map((message, k) => ({ message, eventIds: eventIds[k]!, tokens: messageTokens(message, context.tokens) })),
        tools: calls.tools,
        toolTokens,
        error: null,
      };
    },
    *usage() {
      simulator = new UsageSimulator(settings.profile, calibration === 'earlier-steps' ? 'earlier-steps' : context.learnedFromLog());
      for (let index = 0; index < result.steps.length; index++) {
        const step = result.steps[index]!;
        const call = calls.call(step, stepView(step, active));
        yield { estimate: simulator.next(call), recorded: call.recorded };
      }
    },
    learned() {
      return (simulator ?? new UsageSimulator(settings.profile, calibration === 'earlier-steps' ? 'earlier-steps' : context.learnedFromLog())).learned();
    },
  };
}
export function v0LearnedFromLog(log: PreparedLog, settings: AgentSettings, context: Pick<AgentRunContext, 'tokens'>) {
  return learnFromRecordedRun(log, { profile: settings.profile, templates: compileAgentTemplates(settings.templates), tokens: context.tokens });
}
