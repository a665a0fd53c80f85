import type { AgentAnswer } from './answer.ts';

/** How one answer compares with the recorded action, from loose to strict. */
export interface ActionMatch {
  /** The first tool call calls the same tool (or both answers are text). */
  readonly same_tool: boolean;
  /** ... with the same command or file (execute_bash's command, an editor's path), or the same text. */
  readonly same_target: boolean;
  /** ... with the same arguments, every one (key order and spacing aside). */
  readonly same_arguments: boolean;
}

/** The argument that says what a call acts on: a file (an editor's `command` is only view, create...), else a shell command. */
const TARGET_KEYS = ['path', 'file_path', 'file', 'filename', 'url', 'command', 'cmd', 'code'];
/** Arguments that say nothing of what is done (the agent's risk estimate, its stated reason...). */
const INCIDENTAL_KEYS = new Set(['security_risk', 'thought', 'summary', 'is_input', 'timeout']);

function parsedArguments(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** JSON with object keys sorted, and incidental arguments left out at the top. */
function canonical(value: unknown, top = false): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonical(item)).join(',')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.keys(value)
      .filter((key) => !(top && INCIDENTAL_KEYS.has(key)))
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** What the call acts on: its first target argument, trimmed. */
function targetOf(args: Record<string, unknown> | null): string | null {
  const key = args ? TARGET_KEYS.find((candidate) => typeof args[candidate] === 'string') : undefined;
  return key ? `${key}=${(args![key] as string).trim()}` : null;
}

const normalText = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

export function compareAction(answer: AgentAnswer, recorded: AgentAnswer): ActionMatch {
  const [call, expected] = [answer.tool_calls[0], recorded.tool_calls[0]];
  if (!call || !expected) {
    const bothText = !call && !expected;
    const same = bothText && normalText(answer.content) === normalText(recorded.content);
    return { same_tool: bothText, same_target: same, same_arguments: same };
  }
  if (call.name !== expected.name) return { same_tool: false, same_target: false, same_arguments: false };
  const [args, expectedArgs] = [parsedArguments(call.arguments), parsedArguments(expected.arguments)];
  const same_arguments =
    args && expectedArgs
      ? canonical(args, true) === canonical(expectedArgs, true)
      : call.arguments === expected.arguments;
  const target = targetOf(args);
  const same_target = same_arguments || (target !== null && target === targetOf(expectedArgs));
  return { same_tool: true, same_target, same_arguments };
}

/** The share of answers that match at each level; `agreement` is the same-target share. */
export interface Agreement {
  readonly same_tool: number;
  readonly same_target: number;
  readonly same_arguments: number;
}

export function agreementOf(matches: readonly ActionMatch[]): Agreement {
  const share = (key: keyof ActionMatch) =>
    matches.length ? Math.round((1000 * matches.filter((match) => match[key]).length) / matches.length) / 1000 : 0;
  return { same_tool: share('same_tool'), same_target: share('same_target'), same_arguments: share('same_arguments') };
}
