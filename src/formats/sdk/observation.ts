import { z } from 'zod';
import type { sdk } from '../../engine/index.ts';
import { contentParts } from './content.ts';

/**
 * Reads a logged observation into the fields its tool's `to_llm_content` needs (`sdk.SdkObservation`).
 * Which rendering applies follows from the observation's shape, not from the log's age alone.
 * Fields the SDK defaults may be missing; a field the rendering needs and the SDK requires makes the
 * observation "unreadable", which only matters (as a per-step message error) when messages are asked
 * for: the condensers never read these fields.
 */

const list = z.array(z.unknown(), { error: 'expected a list' });
const text = z.string({ error: 'expected a string' });
const optionalText = text.nullish();
const flag = z.boolean({ error: 'expected true or false' }).nullish();
const integer = z.number({ error: 'expected an integer' }).int({ error: 'expected an integer' });

const metadata = z
  .looseObject({
    exit_code: integer.nullish(),
    working_dir: optionalText,
    py_interpreter_path: optionalText,
    prefix: optionalText,
    suffix: optionalText,
  })
  .nullish();

const withContent = { content: list.nullish(), is_error: flag };

/** Kinds of the 1.43.1 tools that override `to_llm_content`; every other kind renders its content. */
const CURRENT = {
  TerminalObservation: z.looseObject({ ...withContent, metadata, full_output_save_dir: optionalText }),
  BrowserObservation: z.looseObject({
    ...withContent,
    screenshot_data: optionalText,
    full_output_save_dir: optionalText,
  }),
  TaskObservation: z.looseObject({ ...withContent, task_id: text, subagent: text, status: text }),
  ConsultTomObservation: z.looseObject({
    suggestions: optionalText,
    confidence: z.number({ error: 'expected a number' }).nullish(),
    reasoning: optionalText,
  }),
  SleeptimeComputeObservation: z.looseObject({ message: optionalText, sessions_processed: integer.nullish() }),
  MCPToolObservation: z.looseObject({ ...withContent, tool_name: text }),
};
const DEFAULT = z.looseObject(withContent);

/** Observations of SDKs before 2025-11-05, when the Observation base class had no `content` list yet. */
const EARLIER = {
  ExecuteBashObservation: z.looseObject({ output: text, error: flag, metadata }),
  FileEditorObservation: z.looseObject({ output: optionalText, error: optionalText }),
  BrowserObservation: z.looseObject({ output: text, error: optionalText, screenshot_data: optionalText }),
  MCPToolObservation: z.looseObject({ content: list.nullish(), is_error: flag, tool_name: text }),
  FinishObservation: z.looseObject({ message: text }),
  DelegateObservation: z.looseObject({ message: text }),
  ThinkObservation: z.looseObject({ content: optionalText }),
  TaskTrackerObservation: z.looseObject({ content: optionalText }),
};

function terminalMetadata(value: z.infer<typeof metadata>): sdk.TerminalMetadata {
  return {
    exitCode: value?.exit_code ?? -1,
    workingDir: value?.working_dir ?? null,
    pyInterpreterPath: value?.py_interpreter_path ?? null,
    prefix: value?.prefix ?? '',
    suffix: value?.suffix ?? '',
  };
}

type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

function parse<T>(schema: z.ZodType<T>, value: unknown): Parsed<T> {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0]!;
  return {
    ok: false,
    problem: `observation${issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('')}: ${issue.message}`,
  };
}

/**
 * An MCP result that does not begin with the "[Tool '<name>' executed.]" line: made before 2025-11-05,
 * when `to_llm_content` added that line instead of the result holding it.
 */
function lacksMcpHeader(content: readonly sdk.ContentPart[], toolName: string): boolean {
  const first = content[0];
  return !(first?.type === 'text' && first.text.startsWith(`[Tool '${toolName}' executed.]`));
}

/** An observation with a `content` list: rendered as SDK 1.43.1 renders its kind. */
function readCurrent(kind: string, value: Record<string, unknown>): sdk.SdkObservation {
  const base = (fields: { content?: unknown[] | null; is_error?: boolean | null }) => ({
    kind,
    content: contentParts(fields.content),
    isError: fields.is_error ?? false,
  });
  switch (kind) {
    // ExecuteBashObservation is the terminal observation's name from 2025-11-05 to 2025-11-19.
    case 'TerminalObservation':
    case 'ExecuteBashObservation': {
      const read = parse(CURRENT.TerminalObservation, value);
      if (!read.ok) return { render: 'unreadable', kind, problem: read.problem };
      return {
        render: 'terminal',
        ...base(read.value),
        metadata: terminalMetadata(read.value.metadata),
        fullOutputSaveDir: read.value.full_output_save_dir ?? null,
      };
    }
    case 'BrowserObservation': {
      const read = parse(CURRENT.BrowserObservation, value);
      if (!read.ok) return { render: 'unreadable', kind, problem: read.problem };
      return {
        render: 'browser',
        ...base(read.value),
        screenshotData: read.value.screenshot_data ?? null,
        fullOutputSaveDir: read.value.full_output_save_dir ?? null,
      };
    }
    case 'TaskObservation': {
      const read = parse(CURRENT.TaskObservation, value);
      if (!read.ok) return { render: 'unreadable', kind, problem: read.problem };
      return {
        render: 'task',
        ...base(read.value),
        taskId: read.value.task_id,
        subagent: read.value.subagent,
        status: read.value.status,
      };
    }
    case 'ConsultTomObservation': {
      const read = parse(CURRENT.ConsultTomObservation, value);
      if (!read.ok) return { render: 'unreadable', kind, problem: read.problem };
      return {
        render: 'consultTom',
        kind,
        suggestions: read.value.suggestions ?? '',
        confidence: read.value.confidence ?? null,
        reasoning: read.value.reasoning ?? null,
      };
    }
    case 'SleeptimeComputeObservation': {
      const read = parse(CURRENT.SleeptimeComputeObservation, value);
      if (!read.ok) return { render: 'unreadable', kind, problem: read.problem };
      return {
        render: 'sleeptimeCompute',
        kind,
        message: read.value.message ?? '',
        sessionsProcessed: read.value.sessions_processed ?? 0,
      };
    }
    case 'MCPToolObservation': {
      const read = parse(CURRENT.MCPToolObservation, value);
      if (!read.ok) return { render: 'unreadable', kind, problem: read.problem };
      const fields = base(read.value);
      if (lacksMcpHeader(fields.content, read.value.tool_name))
        return { render: 'earlierMcp', ...fields, toolName: read.value.tool_name };
      return { render: 'content', ...fields };
    }
    default: {
      // Every other tool (built in or custom) keeps `Observation.to_llm_content`: error header, then content.
      const read = parse(DEFAULT, value);
      if (!read.ok) return { render: 'unreadable', kind, problem: read.problem };
      return { render: 'content', ...base(read.value) };
    }
  }
}

/** An observation without a `content` list: rendered as the SDK that wrote it rendered its kind. */
function readEarlier(kind: string, value: Record<string, unknown>): sdk.SdkObservation {
  const unreadable = (problem: string): sdk.SdkObservation => ({ render: 'unreadable', kind, problem });
  switch (kind) {
    case 'ExecuteBashObservation': {
      const read = parse(EARLIER.ExecuteBashObservation, value);
      return read.ok
        ? {
            render: 'earlierBash',
            kind,
            output: read.value.output,
            error: read.value.error ?? false,
            metadata: terminalMetadata(read.value.metadata),
          }
        : unreadable(read.problem);
    }
    // The file editor's observation was StrReplaceEditorObservation until 2025-10-03.
    case 'StrReplaceEditorObservation':
    case 'FileEditorObservation': {
      const read = parse(EARLIER.FileEditorObservation, value);
      return read.ok
        ? { render: 'earlierEditor', kind, output: read.value.output ?? '', error: read.value.error ?? null }
        : unreadable(read.problem);
    }
    case 'BrowserObservation': {
      const read = parse(EARLIER.BrowserObservation, value);
      return read.ok
        ? {
            render: 'earlierBrowser',
            kind,
            output: read.value.output,
            error: read.value.error ?? null,
            screenshotData: read.value.screenshot_data ?? null,
          }
        : unreadable(read.problem);
    }
    case 'MCPToolObservation': {
      const read = parse(EARLIER.MCPToolObservation, value);
      return read.ok
        ? {
            render: 'earlierMcp',
            kind,
            content: contentParts(read.value.content),
            isError: read.value.is_error ?? false,
            toolName: read.value.tool_name,
          }
        : unreadable(read.problem);
    }
    case 'FinishObservation':
    case 'DelegateObservation': {
      const read = parse(EARLIER.FinishObservation, value);
      return read.ok ? { render: 'earlierText', kind, text: read.value.message } : unreadable(read.problem);
    }
    case 'ThinkObservation': {
      const read = parse(EARLIER.ThinkObservation, value);
      return read.ok
        ? { render: 'earlierText', kind, text: read.value.content ?? 'Your thought has been logged.' }
        : unreadable(read.problem);
    }
    case 'TaskTrackerObservation': {
      const read = parse(EARLIER.TaskTrackerObservation, value);
      return read.ok ? { render: 'earlierText', kind, text: read.value.content ?? '' } : unreadable(read.problem);
    }
    default:
      return unreadable(
        `a ${kind} without a content list comes from an SDK before 2025-11, whose rendering of it the inspector does not know`,
      );
  }
}

/**
 * Since 2025-11-05 every observation carries a `content` list (the Observation base class); the
 * observations before have tool-specific fields and rendered themselves from those.
 */
export function readObservation(value: Record<string, unknown>): sdk.SdkObservation {
  const kind = typeof value.kind === 'string' ? value.kind : null;
  if (kind === null)
    return {
      render: 'unreadable',
      kind: 'observation',
      problem: 'observation.kind: expected a string (the observation class name)',
    };
  return Array.isArray(value.content) ? readCurrent(kind, value) : readEarlier(kind, value);
}
