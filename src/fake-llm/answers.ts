import { createHash } from 'node:crypto';

/** The parts of a chat-completion request body the fake reads; everything else is ignored. */
export interface ChatBody {
  readonly model: string;
  readonly messages: readonly { readonly role?: unknown; readonly content?: unknown }[];
  readonly tools?: unknown;
  readonly tool_choice?: unknown;
  readonly response_format?: unknown;
  readonly stream?: unknown;
  readonly stream_options?: unknown;
}

export interface FakeToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
}

export interface FakeAnswer {
  readonly content: string | null;
  readonly toolCalls: readonly FakeToolCall[];
  readonly finishReason: 'stop' | 'tool_calls';
}

export interface FakeUsage {
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  readonly total_tokens: number;
}

/** Everything a completion (plain or streamed) is made of. */
export interface FakeCompletion {
  readonly id: string;
  readonly model: string;
  readonly answer: FakeAnswer;
  readonly usage: FakeUsage;
}

const STATE_SUMMARY_TOOL = 'create_state_summary';
const NO_PREVIOUS_SUMMARY = 'No events summarized';
const MAX_FILES = 5;

export function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Returns an error message when the body is not a chat-completion request. */
export function chatBodyError(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'The request body must be a JSON object.';
  const record = body as Record<string, unknown>;
  if (typeof record.model !== 'string' || record.model === '') return 'you must provide a model parameter';
  if (!Array.isArray(record.messages)) return "'messages' is a required property";
  return null;
}

/** Message content is a string or an array of parts; only text parts count. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) =>
      typeof part === 'object' && part !== null && typeof (part as { text?: unknown }).text === 'string'
        ? (part as { text: string }).text
        : '',
    )
    .join('');
}

function unique<T>(values: Iterable<T>): T[] {
  return [...new Set(values)];
}

/** 3, 4, 5, 7, 9, 10 → "3-5, 7, 9-10". */
export function idRanges(ids: readonly number[]): string {
  const ranges: string[] = [];
  for (let start = 0; start < ids.length;) {
    let end = start;
    while (end + 1 < ids.length && ids[end + 1] === ids[end]! + 1) end++;
    ranges.push(end === start ? `${ids[start]}` : `${ids[start]}-${ids[end]}`);
    start = end + 1;
  }
  return ranges.join(', ');
}

interface Prompt {
  readonly texts: readonly string[];
  readonly userTexts: readonly string[];
  readonly characters: number;
  readonly digest: string;
  readonly eventIds: readonly number[];
  readonly previousSummary: string | null;
  readonly files: readonly string[];
}

function readPrompt(body: ChatBody): Prompt {
  const texts = body.messages.map((message) => textOf(message.content));
  const all = texts.join('\n');
  const eventIds = unique([...all.matchAll(/<EVENT id=(\d+)>/g)].map((match) => Number(match[1])));
  const previous = /<PREVIOUS SUMMARY>\n?([\s\S]*?)\n?<\/PREVIOUS SUMMARY>/.exec(all)?.[1]?.trim() ?? '';
  const eventTexts = [...all.matchAll(/<EVENT id=\d+>([\s\S]*?)<\/EVENT>/g)].map((match) => match[1] ?? '').join('\n');
  const files = unique(eventTexts.match(/\/?(?:[\w.-]+\/)+[\w-]+\.[A-Za-z]{1,5}\b/g) ?? []).slice(0, MAX_FILES);
  return {
    texts,
    userTexts: body.messages.filter((message) => message.role === 'user').map((message) => textOf(message.content)),
    characters: texts.reduce((sum, text) => sum + text.length, 0),
    digest: digest(JSON.stringify(texts)).slice(0, 12),
    eventIds,
    previousSummary: previous === '' || previous === NO_PREVIOUS_SUMMARY ? null : previous,
    files,
  };
}

function describeEvents(prompt: Prompt): string {
  const count = prompt.eventIds.length;
  return count === 0 ? 'no events' : `${count} event${count === 1 ? '' : 's'} (ids ${idRanges(prompt.eventIds)})`;
}

function pendingText(prompt: Prompt): string {
  const last = prompt.eventIds.at(-1);
  return last === undefined ? 'Continue the task.' : `Continue the task after event ${last}.`;
}

function previousText(prompt: Prompt): string {
  return prompt.previousSummary === null
    ? 'no previous summary'
    : `previous summary of ${prompt.previousSummary.length} characters merged`;
}

function textSummary(prompt: Prompt): string {
  const first = prompt.eventIds[0];
  return [
    `USER_CONTEXT: Fake summary ${prompt.digest} of ${describeEvents(prompt)}.`,
    `COMPLETED: ${first === undefined ? 'Nothing summarized yet.' : `Went through events ${idRanges(prompt.eventIds)}.`}`,
    `PENDING: ${pendingText(prompt)}`,
    `CURRENT_STATE: ${previousText(prompt)}; ${prompt.texts.length} messages, ${prompt.characters} characters; files: ${prompt.files.join(', ') || 'none'}.`,
  ].join('\n');
}

function stateSummaryArguments(prompt: Prompt): string {
  const first = prompt.eventIds[0];
  return JSON.stringify({
    user_context: `Fake state summary ${prompt.digest} of ${describeEvents(prompt)}.`,
    completed_tasks:
      first === undefined ? 'Nothing summarized yet.' : `Went through events ${first} to ${prompt.eventIds.at(-1)}.`,
    pending_tasks: pendingText(prompt),
    current_state: `${previousText(prompt)}; ${prompt.characters} characters of prompt.`,
    files_modified: prompt.files.join(', ') || 'none',
    tests_written: 'unknown',
    tests_passing: 'unknown',
    branch_created: 'unknown',
    commits_made: 'unknown',
    pr_created: 'unknown',
    pr_status: 'unknown',
    other_relevant_context: `Prompt digest ${prompt.digest}.`,
  });
}

/** The most recent half of the `<ID>n</ID>` messages, most recent first. */
function attentionSelection(prompt: Prompt): string {
  const ids = unique(prompt.userTexts.flatMap((text) => /^<ID>(\d+)<\/ID>/.exec(text)?.[1] ?? []).map(Number));
  return JSON.stringify({ ids: ids.slice(ids.length - Math.ceil(ids.length / 2)).reverse() });
}

function wantsStateSummary(body: ChatBody): boolean {
  const choice = body.tool_choice as { function?: { name?: unknown } } | string | undefined;
  if (typeof choice === 'object' && choice !== null) return choice.function?.name === STATE_SUMMARY_TOOL;
  if (choice === 'none' || !Array.isArray(body.tools)) return false;
  return body.tools.some(
    (tool: { function?: { name?: unknown } } | null) => tool?.function?.name === STATE_SUMMARY_TOOL,
  );
}

function wantsJsonSchema(body: ChatBody): boolean {
  const format = body.response_format as { type?: unknown } | null | undefined;
  return format?.type === 'json_schema';
}

/** The names of the tools a request offers. */
function toolNames(body: ChatBody): string[] {
  if (!Array.isArray(body.tools)) return [];
  return body.tools.flatMap((tool: { function?: { name?: unknown } } | null) =>
    typeof tool?.function?.name === 'string' ? [tool.function.name] : [],
  );
}

/** An agent's own request (a counterfactual step): tools offered, none forced, no summary asked for. */
function isAgentRequest(body: ChatBody): boolean {
  return (
    toolNames(body).length > 0 && !wantsStateSummary(body) && body.tool_choice === undefined && !wantsJsonSchema(body)
  );
}

const EDITORS = ['str_replace_editor', 'file_editor'];
const SHELLS = ['execute_bash', 'terminal', 'bash'];

/** Absolute paths of two parts or more, in the order the conversation (system prompt aside) mentions them. */
function conversationPaths(body: ChatBody): string[] {
  const texts = body.messages.filter((message) => message.role !== 'system').map((message) => textOf(message.content));
  return unique(texts.flatMap((text) => text.match(/(?<![\w:/.~-])\/(?:[\w.-]+\/)+[\w.-]*\w/g) ?? []));
}

/**
 * What the fake agent does, from what its request shows: it views the first file the conversation
 * mentions (forgotten once a condensation drops it), else lists the folder; without a tool it says
 * how many messages it read. Model 'noisy-agent' answers a repeated request differently every other
 * time (`repeat` counts the earlier identical requests), as real models do at temperature 0.
 */
function agentAnswer(body: ChatBody, prompt: Prompt, repeat: number): FakeAnswer {
  const tools = toolNames(body);
  const editor = tools.find((name) => EDITORS.includes(name));
  const shell = tools.find((name) => SHELLS.includes(name)) ?? tools[0]!;
  const path = conversationPaths(body)[0];
  const call = (name: string, args: Record<string, unknown>): FakeAnswer => {
    const text = JSON.stringify(args);
    return {
      content: `Fake agent ${prompt.digest}.`,
      toolCalls: [{ id: `call_fake_${digest(text + repeat).slice(0, 16)}`, name, arguments: text }],
      finishReason: 'tool_calls',
    };
  };
  if (body.model === 'noisy-agent' && repeat % 2 === 1) return call(shell, { command: `echo sample ${repeat}` });
  if (editor && path) return call(editor, { command: 'view', path });
  return call(shell, { command: 'ls' });
}

function answerFor(body: ChatBody, prompt: Prompt, repeat: number): FakeAnswer {
  if (isAgentRequest(body)) return agentAnswer(body, prompt, repeat);
  if (wantsStateSummary(body)) {
    const args = stateSummaryArguments(prompt);
    return {
      content: null,
      toolCalls: [{ id: `call_fake_${digest(args).slice(0, 16)}`, name: STATE_SUMMARY_TOOL, arguments: args }],
      finishReason: 'tool_calls',
    };
  }
  const content = wantsJsonSchema(body) ? attentionSelection(prompt) : textSummary(prompt);
  return { content, toolCalls: [], finishReason: 'stop' };
}

function tokens(characters: number): number {
  return Math.ceil(characters / 4);
}

/** `repeat`: how many identical requests came before this one (only model 'noisy-agent' reads it). */
export function completionFor(body: ChatBody, repeat = 0): FakeCompletion {
  const prompt = readPrompt(body);
  const answer = answerFor(body, prompt, repeat);
  const promptTokens = tokens(prompt.characters);
  const answerCharacters =
    (answer.content ?? '').length + answer.toolCalls.reduce((sum, call) => sum + call.arguments.length, 0);
  const completionTokens = tokens(answerCharacters);
  return {
    id: `chatcmpl-fake-${digest(JSON.stringify(body)).slice(0, 24)}`,
    model: body.model,
    answer,
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    },
  };
}

/** The non-streaming response body, in OpenAI's shape. */
export function completionJson(completion: FakeCompletion): object {
  const { answer } = completion;
  const toolCalls = answer.toolCalls.map((call) => ({
    id: call.id,
    type: 'function',
    function: { name: call.name, arguments: call.arguments },
  }));
  return {
    id: completion.id,
    object: 'chat.completion',
    created: 0,
    model: completion.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: answer.content,
          refusal: null,
          ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
        },
        logprobs: null,
        finish_reason: answer.finishReason,
      },
    ],
    usage: completion.usage,
  };
}
