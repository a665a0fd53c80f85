/**
 * The one-step counterfactual (issue 19 item 4): at a step, the request configuration B would have
 * sent and the recorded run's request, each asked of the user's endpoint K times, their answers set
 * beside the action the log recorded (same tool, same command or file, same arguments). The recorded
 * request's own agreement is the noise floor B is read against.
 */
export { type ActionMatch, type Agreement, agreementOf, compareAction } from './agreement.ts';
export { type AgentAnswer, agentAnswer } from './answer.ts';
export {
  type AgentRequest,
  type AskAgent,
  type Counterfactual,
  type CounterfactualAnswer,
  CounterfactualError,
  type CounterfactualSettings,
  DEFAULT_SAMPLES,
  MAX_SAMPLES,
  runCounterfactual,
  sampleKey,
} from './counterfactual.ts';
export { recordedAction } from './recordedAction.ts';
