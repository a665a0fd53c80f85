/** The recorded LLM bill of a log: every call, agent and condenser, with the usage and cost as recorded. */
export type {
  PromptTokensConvention,
  RecordedBill,
  RecordedCall,
  RecordedEventRef,
  RecordedFigures,
  RecordedRole,
  UsageSource,
} from './types.ts';
export { MODEL_NOT_RECORDED } from './types.ts';
export { V0BillReader } from './v0.ts';
export { readSdkBill } from './sdk.ts';
export { recordedCallJson, recordedUsageJson } from './json.ts';
export { agentCallsByEvent, callsByEvent, usageOfCall } from './byEvent.ts';
