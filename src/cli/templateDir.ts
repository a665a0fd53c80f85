import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_TEMPLATE_FILES, type AgentTemplateName } from '../engine/v0/index.ts';
import { LogFormatError } from '../formats/index.ts';
import { type AgentTemplateSources, TemplateError, compileAgentTemplates } from '../templates/index.ts';

/**
 * `--templates DIR`: the agent's prompt templates from a folder. Files it lacks keep the inspector's own
 * wording, and the caller is told which.
 */
export function readTemplateDir(dir: string | null, note: (message: string) => void): AgentTemplateSources {
  const sources: AgentTemplateSources = {};
  const missing: string[] = [];
  if (dir !== null) {
    if (!existsSync(dir) || !statSync(dir).isDirectory())
      throw new LogFormatError(dir, '--templates needs a folder of .j2 files');
    for (const [name, file] of Object.entries(AGENT_TEMPLATE_FILES) as [AgentTemplateName, string][]) {
      const path = join(dir, file);
      if (existsSync(path)) sources[name] = readFileSync(path, 'utf8');
      else missing.push(file);
    }
  }
  try {
    compileAgentTemplates(sources);
  } catch (error) {
    throw new LogFormatError(dir ?? 'templates', error instanceof TemplateError ? error.message : String(error));
  }
  // Only once they all compiled: a refusal stays one line.
  if (missing.length) note(`${dir} has no ${missing.join(', ')}; the inspector's own wording stands in`);
  return sources;
}
