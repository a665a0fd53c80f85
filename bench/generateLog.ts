/**
 * Deterministic synthetic OpenHands V0 logs of any length, shaped like real CodeAct runs: a system
 * prompt, the task, its recall, then agent actions with their observations (some responses carry two
 * tool calls), browsing, errors, state changes and the odd user message. About 1 KB per event.
 *
 * `{ realistic: true }` (the size benchmarks): shaped like long real runs by bytes too: tool outputs
 * of kilobytes (test runs, file views with line numbers, tabs and quotes, a third with non-Latin-1
 * text as real outputs have) make about 84% of the bytes, browsing observations carry a screenshot
 * (a base64 data URL of tens of kilobytes), and the agent's own condenser (LLM summarizing, max_size
 * 120, keep_first 4) recorded its condensations as V0 does (a forgotten range and a summary).
 */

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  'alpha beta gamma delta parser handler cache token index window module config fixture summary test request response buffer stream retry'.split(
    ' ',
  );

export type RawEvent = Record<string, unknown>;

export interface GenerateOptions {
  /** Tool outputs, screenshots and condensations of real runs' sizes (see above). */
  readonly realistic?: boolean;
}

export function generateLog(eventCount: number, seed = 7, options: GenerateOptions = {}): RawEvent[] {
  return [...generateEvents(eventCount, seed, options)];
}

/** The same events one at a time, so a gigabyte of them can be written without holding them all. */
export function* generateEvents(eventCount: number, seed = 7, options: GenerateOptions = {}): Generator<RawEvent> {
  const random = mulberry32(seed);
  const outputs = options.realistic ? realisticOutputs(random) : null;
  const condensing = options.realistic ? new RecordedCondenser() : null;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  // Events of the round being made; handed out (and dropped) at the end of each round.
  const events: RawEvent[] = [];
  let made = 0;
  let id = 0;
  let second = 0;
  const stamp = () =>
    `2026-03-01T10:${String(Math.floor(second / 60) % 60).padStart(2, '0')}:${String(second++ % 60).padStart(2, '0')}.000000`;
  const push = (event: RawEvent) => {
    events.push({ id: id++, timestamp: stamp(), ...event });
    condensing?.add(id - 1);
    return id - 1;
  };
  const task = `Fix the failing ${words(4)} tests in the repository.`;
  const tools = ['execute_bash', 'str_replace_editor', 'browser', 'think'].map((name) => ({
    type: 'function',
    function: {
      name,
      description: `${name}: ${words(40)}`,
      parameters: {
        type: 'object',
        properties: { [pick(WORDS)]: { type: 'string', description: words(10) } },
        required: [],
      },
    },
  }));
  push({
    source: 'agent',
    message: 'You are a careful software agent.',
    action: 'system',
    args: {
      content: `You are a careful software agent. ${words(60)}`,
      tools,
      openhands_version: 'bench',
      agent_class: 'CodeActAgent',
    },
  });
  push({
    source: 'user',
    message: task,
    action: 'message',
    args: { content: task, file_urls: null, image_urls: null, wait_for_response: false, security_risk: -1 },
  });
  const recall = push({
    source: 'user',
    message: `Retrieving content for: ${task.slice(0, 50)}`,
    action: 'recall',
    args: { recall_type: 'workspace_context', query: task, thought: '' },
  });
  push({
    source: 'environment',
    message: 'Added workspace context',
    cause: recall,
    observation: 'recall',
    content: '',
    extras: {
      recall_type: 'workspace_context',
      repo_name: 'acme/app',
      repo_directory: '',
      repo_branch: '',
      repo_instructions: '',
      runtime_hosts: {},
      additional_agent_instructions: '',
      date: '',
      custom_secrets_descriptions: {},
      conversation_instructions: '',
      working_dir: '/workspace',
      microagent_knowledge: [],
    },
  });
  let response = 0;
  const flush = function* () {
    for (const event of events) {
      if (made++ >= eventCount) return;
      yield event;
    }
    events.length = 0;
  };
  while (made + events.length < eventCount) {
    yield* flush();
    const condensation = condensing?.condense(id, words);
    if (condensation) {
      push(condensation);
      continue;
    }
    const roll = random();
    if (roll < 0.01) {
      push({
        source: 'environment',
        message: '',
        observation: 'agent_state_changed',
        content: '',
        extras: { agent_state: 'running', reason: '' },
      });
      continue;
    }
    if (roll < 0.02) {
      const text = `Also: ${words(12)}`;
      push({
        source: 'user',
        message: text,
        action: 'message',
        args: { content: text, file_urls: null, image_urls: null, wait_for_response: false, security_risk: -1 },
      });
      continue;
    }
    response++;
    const calls = random() < 0.1 ? 2 : 1;
    // Actions record the whole LLM response (text, tool calls, usage) as real logs do; observations its id.
    const toolNames = Array.from({ length: calls }, () =>
      pick(['execute_bash', 'str_replace_editor', 'browser', 'think']),
    );
    const modelResponse = {
      id: `chatcmpl-${response}`,
      model: 'bench-model',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: words(10),
            tool_calls: toolNames.map((name, index) => ({
              id: `call_${response}_${index}`,
              type: 'function',
              function: { name, arguments: JSON.stringify({ command: words(3) }) },
            })),
          },
        },
      ],
      usage: {
        prompt_tokens: 1000 + id * 40,
        completion_tokens: 60,
        cache_read_input_tokens: 900 + id * 38,
        cache_creation_input_tokens: 100,
      },
    };
    const metadata = (index: number, full: boolean) => ({
      function_name: toolNames[index],
      tool_call_id: `call_${response}_${index}`,
      model_response: full ? modelResponse : { id: modelResponse.id },
      total_calls_in_response: calls,
    });
    const actions: Array<[number, RawEvent]> = [];
    for (let c = 0; c < calls; c++) {
      const kind = random();
      if (kind < 0.45) {
        const command = `pytest -q tests/test_${pick(WORDS)}.py`;
        actions.push([
          push({
            source: 'agent',
            message: `Running command: ${command}`,
            action: 'run',
            args: {
              command,
              is_input: false,
              thought: words(12),
              blocking: false,
              is_static: false,
              cwd: null,
              hidden: false,
              confirmation_state: 'confirmed',
              security_risk: -1,
            },
            tool_call_metadata: metadata(c, true),
          }),
          { observation: 'run', command },
        ]);
      } else if (kind < 0.7) {
        const path = `/workspace/src/${pick(WORDS)}.py`;
        actions.push([
          push({
            source: 'agent',
            message: `Reading file: ${path}`,
            action: 'read',
            args: {
              path,
              start: 0,
              end: -1,
              thought: words(8),
              security_risk: -1,
              impl_source: 'default',
              view_range: null,
            },
            tool_call_metadata: metadata(c, true),
          }),
          { observation: 'read', path },
        ]);
      } else if (kind < 0.85) {
        const path = `/workspace/src/${pick(WORDS)}.py`;
        actions.push([
          push({
            source: 'agent',
            message: '',
            action: 'edit',
            args: {
              path,
              command: 'str_replace',
              file_text: null,
              old_str: words(6),
              new_str: words(6),
              insert_line: null,
              content: '',
              start: 1,
              end: -1,
              thought: words(8),
              security_risk: -1,
              impl_source: 'oh_aci',
            },
            tool_call_metadata: metadata(c, true),
          }),
          { observation: 'edit', path },
        ]);
      } else if (kind < (outputs ? 0.89 : 0.95)) {
        const url = `http://localhost:7031/${pick(WORDS)}`;
        actions.push([
          push({
            source: 'agent',
            message: `I am interacting with the browser:\n\`\`\`\ngoto("${url}")\n\`\`\``,
            action: 'browse_interactive',
            args: {
              browser_actions: `goto("${url}")`,
              thought: words(6),
              browsergym_send_msg_to_user: '',
              security_risk: -1,
              return_axtree: false,
            },
            tool_call_metadata: metadata(c, true),
          }),
          { observation: 'browse', url },
        ]);
      } else {
        const thought = words(20);
        actions.push([
          push({
            source: 'agent',
            message: `I am thinking...: ${thought}`,
            action: 'think',
            args: { thought },
            tool_call_metadata: metadata(c, true),
          }),
          { observation: 'think' },
        ]);
      }
    }
    for (const [call, [cause, plan]] of actions.entries()) {
      const tool_call_metadata = metadata(call, false);
      const body = outputs
        ? outputs.text(plan.observation === 'browse' ? 2000 : 4000)
        : words(70 + Math.floor(random() * 60));
      switch (plan.observation) {
        case 'run': {
          const exitCode = random() < 0.2 ? 1 : 0;
          push({
            source: 'agent',
            message: `Command \`${String(plan.command)}\` executed with exit code ${exitCode}.`,
            cause,
            observation: 'run',
            content: body,
            extras: {
              command: plan.command,
              metadata: {
                exit_code: exitCode,
                pid: -1,
                username: null,
                hostname: null,
                working_dir: '/workspace',
                py_interpreter_path: null,
                prefix: '',
                suffix: '',
              },
              hidden: false,
            },
            success: exitCode === 0,
            tool_call_metadata,
          });
          break;
        }
        case 'read':
          push({
            source: 'agent',
            message: `I read the file ${String(plan.path)}.`,
            cause,
            observation: 'read',
            content: outputs ? outputs.fileView(5200) : body,
            extras: { path: plan.path, impl_source: 'default' },
            tool_call_metadata,
          });
          break;
        case 'edit':
          push({
            source: 'agent',
            message: `I edited the file ${String(plan.path)}.`,
            cause,
            observation: 'edit',
            content: `The file ${String(plan.path)} has been edited. ${outputs ? outputs.fileView(900) : words(30)}`,
            extras: {
              path: plan.path,
              prev_exist: true,
              old_content: words(6),
              new_content: words(6),
              impl_source: 'oh_aci',
              diff: null,
              _diff_cache: null,
            },
            tool_call_metadata,
          });
          break;
        case 'browse':
          push({
            source: 'agent',
            message: `Visited ${String(plan.url)}`,
            cause,
            observation: 'browse',
            content: body,
            extras: {
              url: plan.url,
              trigger_by_action: 'browse_interactive',
              ...(outputs ? { screenshot: outputs.screenshot(24_000), set_of_marks: '' } : {}),
              screenshot_path: null,
              error: false,
              goal_image_urls: [],
              open_pages_urls: [plan.url],
              filter_visible_only: false,
            },
            tool_call_metadata,
          });
          break;
        default:
          push({
            source: 'agent',
            message: 'Your thought has been logged.',
            cause,
            observation: 'think',
            content: 'Your thought has been logged.',
            extras: {},
            tool_call_metadata,
          });
      }
    }
  }
  yield* flush();
}

/** A V0 agent's LLMSummarizingCondenser (max_size 120, keep_first 4) as the log records it. */
class RecordedCondenser {
  private readonly view: number[] = [];
  private summarized = false;
  /** The condensation's own id, already placed in the view as its summary. */
  private placed = -1;

  add(id: number): void {
    if (id !== this.placed) this.view.push(id);
  }

  /** The condensation the agent records before its next step, when its view has outgrown max_size. */
  condense(nextId: number, words: (n: number) => string): RawEvent | null {
    const [maxSize, keepFirst] = [120, 4];
    if (this.view.length <= maxSize) return null;
    const head = this.view.slice(0, keepFirst);
    const tailLength = Math.floor(maxSize / 2) - keepFirst - 1;
    const forgotten = this.view.slice(keepFirst + (this.summarized ? 1 : 0), this.view.length - tailLength);
    const summary = `USER_CONTEXT: ${words(40)}\nCOMPLETED: ${words(60)}\nPENDING: ${words(30)}`;
    this.view.splice(0, this.view.length, ...head, nextId, ...this.view.slice(this.view.length - tailLength));
    this.summarized = true;
    this.placed = nextId;
    return {
      source: 'agent',
      message: `Summary: ${summary.slice(0, 80)}`,
      action: 'condensation',
      args: {
        forgotten_event_ids: null,
        forgotten_events_start_id: forgotten[0],
        forgotten_events_end_id: forgotten.at(-1),
        summary,
        summary_offset: keepFirst,
      },
    };
  }
}

const OUTPUT_WORDS =
  'assert result expected value config handler request response session cache token parser module fixture'.split(' ');
const NON_LATIN = ['✓', '→', '—', '…', 'é', '│', '└──', '├──', '✗', '“quoted”'];

/** Tool output texts taken from pools built once: a gigabyte of them is written in seconds. */
function realisticOutputs(random: () => number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const phrase = (n: number) => Array.from({ length: n }, () => pick(OUTPUT_WORDS)).join(' ');
  const lines: string[] = [];
  for (let k = 0; k < 4096; k++) {
    const roll = random();
    if (roll < 0.3)
      lines.push(
        `tests/test_${pick(OUTPUT_WORDS)}.py::test_${pick(OUTPUT_WORDS)}_${pick(OUTPUT_WORDS)} ${random() < 0.8 ? 'PASSED' : 'FAILED'} [${String(Math.floor(random() * 100)).padStart(3)}%]`,
      );
    else if (roll < 0.5)
      lines.push(`    ${pick(OUTPUT_WORDS)} = self.${pick(OUTPUT_WORDS)}("${phrase(3)}", '${phrase(1)}')`);
    else if (roll < 0.6) lines.push(`E       AssertionError: assert "${phrase(2)}" == "${phrase(2)}"`);
    else if (roll < 0.7) lines.push(`\tdef ${pick(OUTPUT_WORDS)}_${pick(OUTPUT_WORDS)}(self, ${pick(OUTPUT_WORDS)}):`);
    else lines.push(`${phrase(4 + Math.floor(random() * 10))}${random() < 0.08 ? ` ${pick(NON_LATIN)}` : ''}`);
  }
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const pool = Array.from({ length: 1 << 18 }, () => alphabet[Math.floor(random() * 64)]).join('');
  /** About `bytes` bytes (from a fifth to twice as many) of consecutive lines from a random place. */
  const slice = (bytes: number, numbered: boolean) => {
    const want = bytes * (0.2 + 1.8 * random());
    const parts: string[] = [];
    let size = 0;
    for (let at = Math.floor(random() * lines.length); size < want; at = (at + 1) % lines.length) {
      const line = numbered ? `${String(parts.length + 1).padStart(6)}\t${lines[at]}` : lines[at]!;
      parts.push(line);
      size += line.length + 1;
    }
    return parts.join('\n');
  };
  return {
    text: (bytes: number) => slice(bytes, false),
    fileView: (bytes: number) => `Here's the result of running \`cat -n\` on the file:\n${slice(bytes, true)}`,
    screenshot: (bytes: number) => {
      const length = Math.floor(bytes * (0.6 + 0.8 * random()));
      const start = Math.floor(random() * (pool.length - length));
      return `data:image/png;base64,${pool.slice(start, start + length)}`;
    },
  };
}
