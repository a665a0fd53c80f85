import { z } from 'zod';
import type { ChatTool } from '../../engine/index.ts';

/**
 * What a SystemPromptEvent's `tools` say of the agent's tools. The 2025 SDKs recorded the very
 * chat-completions function tools they sent (`to_openai_tool`, security risk field included); the
 * 2026 ones record ToolDefinitions (description, action and observation class names, annotations),
 * whose parameter schemas live in Python classes and are not serialized.
 */

const functionTool = z.looseObject({ type: z.literal('function'), function: z.looseObject({ name: z.string() }) });
const toolDefinition = z.looseObject({ title: z.string() });

export interface RecordedTools {
  /** The function tools as sent, when every tool was recorded that way; null otherwise. */
  readonly chatTools: readonly ChatTool[] | null;
  /** The names the agent knows its tools by (a ToolDefinition's `title`: its annotated title, else its name). */
  readonly toolNames: readonly string[];
}

export function readRecordedTools(tools: readonly unknown[]): RecordedTools {
  const toolNames: string[] = [];
  let allFunctions = true;
  for (const tool of tools) {
    const asFunction = functionTool.safeParse(tool);
    if (asFunction.success) {
      toolNames.push(asFunction.data.function.name);
      continue;
    }
    allFunctions = false;
    const asDefinition = toolDefinition.safeParse(tool);
    if (asDefinition.success) toolNames.push(asDefinition.data.title);
  }
  return { chatTools: allFunctions ? (tools as readonly ChatTool[]) : null, toolNames };
}
