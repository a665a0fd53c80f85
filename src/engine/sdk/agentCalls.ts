import type { AgentCall, ChatMessage, ChatProfile, ChatTool, RecordedUsage, TextTokens } from '../core/index.ts';
import { PrefixIds, measureRequest, toolSchemaText } from '../core/index.ts';
import { sdkAgentMessages, sdkRecordedToolNames, sdkRecordedTools } from './agentMessages.ts';
import { SdkMessagesUnavailable } from './errors.ts';
import type { SdkEvent, ViewEvent } from './events.ts';

export type SdkStepRequest =
  | { readonly messages: readonly ChatMessage[]; readonly error?: undefined }
  | { readonly messages?: undefined; readonly error: string };

/**
 * The SDK agent's LLM calls: each step's messages, and what the usage model needs of them. SDK logs
 * record no per-call usage, so estimates stay in our tokenizer's count.
 */
export class SdkAgentCalls {
  readonly tools: readonly ChatTool[] | null;
  readonly toolTokens: number;
  private readonly toolNames: readonly string[];
  private readonly prefixes = new PrefixIds();

  constructor(
    events: readonly SdkEvent[],
    private readonly options: { readonly profile: ChatProfile; readonly tokens: TextTokens },
  ) {
    this.tools = sdkRecordedTools(events);
    this.toolNames = sdkRecordedToolNames(events);
    const text = toolSchemaText(this.tools);
    this.toolTokens = text ? options.tokens.text(text) : 0;
  }

  request(view: readonly ViewEvent[]): SdkStepRequest {
    try {
      return { messages: sdkAgentMessages(view, this.options.profile, { toolNames: this.toolNames }) };
    } catch (error) {
      if (error instanceof SdkMessagesUnavailable) return { error: error.message };
      throw error;
    }
  }

  /** `recorded`: what the provider recorded for this call (from the log's recorded bill), if anything. */
  call(request: SdkStepRequest | null, recorded: RecordedUsage | null = null): AgentCall {
    const measured = request?.messages
      ? measureRequest(
          request.messages,
          request.messages.map(() => ''),
          this.toolTokens,
          this.options.tokens,
          this.prefixes,
        )
      : null;
    return { measured, time: null, recorded };
  }
}
