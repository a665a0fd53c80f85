/**
 * Seeded random V0 logs, configurations and LLM answers for the engine's property tests. The same
 * seed always gives the same case, so a failure names a seed that reproduces it.
 */
import { type LlmAnswer, type LlmRequest } from '../../../../src/engine/index.ts';
import {
  type ActionEvent,
  type CondensationArgs,
  type LogEvent,
  makeAction,
  makeObservation,
} from '../../../../src/engine/v0/index.ts';

/** mulberry32: a small, good-enough PRNG for tests. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
export class Random {
  constructor(readonly next: () => number) {}
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }
}

const AGENT_ACTIONS = [
  'run',
  'read',
  'edit',
  'browse_interactive',
  'think',
  'message',
  'call_tool_mcp',
  'condensation_request',
  'finish',
] as const;
const OBSERVATION_OF: Record<string, string> = {
  run: 'run',
  read: 'read',
  edit: 'edit',
  browse_interactive: 'browse',
  think: 'think',
  call_tool_mcp: 'mcp',
};

/** A plausible agent run with the quirks logs have: hidden events, null and state events, shared responses, recorded condensations. */
export function randomLog(random: Random): LogEvent[] {
  const events: LogEvent[] = [];
  let id = random.int(0, 3);
  const base = (
    source: 'agent' | 'user' | 'environment',
    cause: number | null = null,
    responseId: string | null = null,
    hidden = false,
  ) => ({
    id: id,
    index: events.length,
    source,
    cause,
    responseId,
    loggedMessage: null,
    hidden,
  });
  const push = (event: LogEvent) => {
    events.push(event);
    id += random.chance(0.1) ? random.int(2, 4) : 1; // ids may skip, as eval histories do
  };
  push(makeAction(base('agent'), 'system', { content: 'You are OpenHands agent', tools: [] }));
  push(makeAction(base('user'), 'message', { content: 'the task' }));
  const length = random.int(4, 70);
  let response = 0;
  while (events.length < length) {
    if (random.chance(0.05))
      push(makeObservation(base('environment'), random.pick(['null', 'agent_state_changed']), '', {}, null));
    if (random.chance(0.04)) push(makeAction(base('user'), 'message', { content: `more ${id}` }));
    if (random.chance(0.04) && events.length > 4) push(recordedCondensation(random, events, base('agent')));
    const sameResponse = random.chance(0.15) && response > 0;
    if (!sameResponse) response++;
    const type = random.pick(AGENT_ACTIONS);
    const hidden = type === 'run' && random.chance(0.05);
    const action = makeAction(
      base('agent', null, `resp-${response}`, hidden),
      type,
      type === 'run' ? { command: `ls ${id}`, hidden } : { thought: `t${id}`, content: `c${id}` },
    );
    push(action);
    const observation = OBSERVATION_OF[type];
    if (observation && random.chance(0.9)) {
      const extras =
        observation === 'browse'
          ? { url: `https://x/${id}`, trigger_by_action: 'browse_interactive' }
          : { command: 'ls', metadata: { exit_code: 0 }, hidden };
      push(makeObservation(base('agent', action.id, null, hidden), observation, `output ${id}`, extras, null));
    }
  }
  return events;
}

function recordedCondensation(
  random: Random,
  events: readonly LogEvent[],
  base: Parameters<typeof makeAction>[0],
): ActionEvent {
  // Mostly earlier ids; sometimes ids still to come, which OpenHands forgets as soon as they arrive.
  const earlier = events.map((event) => event.id).filter(() => random.chance(0.3));
  if (random.chance(0.3)) earlier.push(Number(base.id) + random.int(1, 6));
  const ranged = random.chance(0.5) && earlier.length > 0;
  const summary = random.chance(0.5) ? `recorded summary ${base.id}` : null;
  const args: CondensationArgs = {
    forgottenEventIds: ranged ? null : earlier,
    forgottenEventsStartId: ranged ? Math.min(...earlier) : null,
    forgottenEventsEndId: ranged ? Math.max(...earlier) : null,
    summary,
    summaryOffset: summary === null ? null : random.int(0, 5),
  };
  return makeAction(base, 'condensation', {}, args);
}

const INT_SETTINGS: Record<string, readonly string[]> = {
  observation_masking: ['attention_window'],
  browser_output_masking: ['attention_window'],
  recent: ['keep_first', 'max_events'],
  amortized: ['max_size', 'keep_first'],
  llm: ['max_size', 'keep_first', 'max_event_length'],
  structured: ['max_size', 'keep_first', 'max_event_length'],
  llm_attention: ['max_size', 'keep_first'],
};
const TYPES = ['noop', 'conversation_window', ...Object.keys(INT_SETTINGS)];

/** A configuration: usually valid, sometimes with values OpenHands refuses or reads laxly. */
export function randomConfig(random: Random, depth = 0): Record<string, unknown> {
  if (depth === 0 && random.chance(0.25)) {
    return { type: 'pipeline', condensers: Array.from({ length: random.int(1, 3) }, () => randomConfig(random, 1)) };
  }
  const type = random.pick(TYPES);
  const config: Record<string, unknown> = { type };
  for (const key of INT_SETTINGS[type] ?? []) {
    if (!random.chance(0.8)) continue;
    const value =
      key === 'keep_first' ? random.int(0, 4) : key === 'max_event_length' ? random.int(0, 200) : random.int(1, 30);
    config[key] = random.chance(0.05) ? random.pick([`${value}.0`, `${value}`, value + 0.5, null]) : value;
  }
  return config;
}

/** An LLM answer for a request: mostly well formed, sometimes not (the condensers must fail cleanly). */
export function randomAnswer(random: Random, request: LlmRequest, viewIds: () => number[]): LlmAnswer {
  if (request.condenser === 'llm_attention') {
    if (random.chance(0.05)) return { content: random.pick(['not json', '{"ids": "x"}', '{"ids": [1.5]}']) };
    const ids = viewIds().filter(() => random.chance(0.5));
    if (random.chance(0.3)) ids.push(-1, random.int(0, 500));
    return { content: JSON.stringify({ ids: random.chance(0.1) ? ids.map(String) : ids }) };
  }
  if (request.condenser === 'structured') {
    if (random.chance(0.1)) return { content: null };
    return {
      content: null,
      toolCalls: [
        { name: 'create_state_summary', arguments: JSON.stringify({ user_context: `ctx ${random.int(0, 99)}` }) },
      ],
    };
  }
  return { content: random.chance(0.05) ? '' : `summary ${random.int(0, 999)}` };
}
