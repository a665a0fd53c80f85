/** Builders of small V0 logs that record usage and cost, for the recorded-bill tests. */

export interface Usage {
  readonly prompt: number;
  readonly completion: number;
  readonly read?: number;
  readonly write?: number;
}

/** LiteLLM's usage object as Anthropic reports it through LiteLLM (cache read and write at the top level). */
export function anthropicUsage({ prompt, completion, read = 0, write = 0 }: Usage): Record<string, unknown> {
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: read },
    cache_creation_input_tokens: write,
    cache_read_input_tokens: read,
  };
}

/** LiteLLM's usage object as OpenAI reports it (cached reads inside prompt_tokens, reasoning in the details). */
export function openAiUsage({ prompt, completion, read = 0 }: Usage, reasoning = 0): Record<string, unknown> {
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    prompt_tokens_details: { cached_tokens: read },
    completion_tokens_details: { reasoning_tokens: reasoning },
  };
}

/**
 * A V0 log written the way OpenHands writes one: each LLM call's actions carry its model_response,
 * each agent action carries the running totals (`llm_metrics`) of every call so far.
 */
export class V0LogBuilder {
  readonly events: Record<string, unknown>[] = [
    { id: 0, source: 'user', action: 'message', args: { content: 'task' } },
  ];
  private cost = 0;
  private readonly tokens = { prompt_tokens: 0, completion_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0 };

  /** The running totals after a call that cost `cost` and used `usage` (of OpenHands' TokenUsage fields). */
  private metrics(cost: number, usage: Record<string, unknown>): Record<string, unknown> {
    this.cost += cost;
    this.tokens.prompt_tokens += Number(usage.prompt_tokens);
    this.tokens.completion_tokens += Number(usage.completion_tokens);
    this.tokens.cache_read_tokens += Number(
      usage.cache_read_input_tokens ??
        (usage.prompt_tokens_details as { cached_tokens?: number } | undefined)?.cached_tokens ??
        0,
    );
    this.tokens.cache_write_tokens += Number(usage.cache_creation_input_tokens ?? 0);
    return {
      accumulated_cost: this.cost,
      max_budget_per_task: null,
      accumulated_token_usage: { model: 'default', ...this.tokens, response_id: '' },
      costs: [],
      response_latencies: [],
      token_usages: [],
    };
  }

  private nextId(): number {
    return this.events.length;
  }

  /** An LLM call that ran `tools` tool calls: one action per tool call (each answered by an observation). */
  toolCall(response: { id: string; model: string; usage: Record<string, unknown> }, cost: number, tools = 1): this {
    const metrics = this.metrics(cost, response.usage);
    for (let i = 0; i < tools; i++) {
      const id = this.nextId();
      const metadata = {
        function_name: 'execute_bash',
        tool_call_id: `${response.id}-${i}`,
        model_response: { ...response, choices: [] },
        total_calls_in_response: tools,
      };
      this.events.push({
        id,
        source: 'agent',
        action: 'run',
        args: { command: 'ls' },
        tool_call_metadata: metadata,
        llm_metrics: metrics,
      });
      this.events.push({
        id: id + 1,
        source: 'agent',
        cause: id,
        observation: 'run',
        content: 'out',
        extras: {},
        tool_call_metadata: metadata,
      });
    }
    return this;
  }

  /** A condenser call: its cost and usage show only as a step of the running totals on the condensation action. */
  condensation(cost: number, usage: Usage): this {
    const id = this.nextId();
    this.events.push({
      id,
      source: 'agent',
      action: 'condensation',
      args: {
        forgotten_event_ids: null,
        forgotten_events_start_id: 1,
        forgotten_events_end_id: 2,
        summary: 'summary',
        summary_offset: 1,
      },
      llm_metrics: this.metrics(cost, anthropicUsage(usage)),
    });
    return this;
  }

  /** A reply without a tool call: a message action without tool_call_metadata. */
  reply(cost: number, usage: Usage): this {
    this.events.push({
      id: this.nextId(),
      source: 'agent',
      action: 'message',
      args: { content: 'done' },
      llm_metrics: this.metrics(cost, anthropicUsage(usage)),
    });
    return this;
  }

  /** Any other event, written as given (its id is the next one). */
  raw(event: Record<string, unknown>): this {
    this.events.push({ id: this.nextId(), ...event });
    return this;
  }

  json(): string {
    return JSON.stringify(this.events);
  }
}
