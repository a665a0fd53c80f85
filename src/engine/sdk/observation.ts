import { SdkMessagesUnavailable } from './errors.ts';
import type { ContentPart, ImagePart, ObservationEvent, SdkObservation, TerminalMetadata, TextPart } from './events.ts';
import { formatPercent } from './pythonFormat.ts';
import { sha256Hex } from './sha256.ts';
import { DEFAULT_TEXT_CONTENT_LIMIT, pythonPathJoin, sdkMaybeTruncate } from './truncation.ts';

/**
 * What a tool's observation shows the LLM: its `to_llm_content` (openhands-sdk `tool/schema.py`
 * `Observation`, openhands-tools `terminal`, `browser_use`, `task`, `tom_consult` definitions, SDK
 * 1.43.1). Observations written before 2025-11-05, when the Observation base class gained its
 * `content` list, have fields 1.43.1 cannot read; they are rendered as the SDK of their time rendered
 * them (`agent_observation` at agent-sdk 8daf576a, 2025-09-26; `to_llm_content` at 41d8d80c8^,
 * 2025-11-04: the two agree but for the browser's MIME detection, taken from the later one).
 */

/** `Observation.ERROR_MESSAGE_HEADER`. */
export const ERROR_MESSAGE_HEADER = '[An error occurred during execution.]\n';
/** `MAX_CMD_OUTPUT_SIZE` of the terminal tool (and of the earlier bash tool). */
const MAX_CMD_OUTPUT_SIZE = 30_000;
/** `MAX_BROWSER_OUTPUT_SIZE` of the earlier browser tool. */
const MAX_BROWSER_OUTPUT_SIZE = 50_000;

function text(value: string): TextPart {
  return { type: 'text', text: value, cachePrompt: false };
}

function image(url: string): ImagePart {
  return { type: 'image', urls: [url], cachePrompt: false };
}

/** `Observation.text`: the text items joined without separator. */
function joinedText(content: readonly ContentPart[]): string {
  let joined = '';
  for (const part of content) if (part.type === 'text') joined += part.text;
  return joined;
}

function withErrorHeader(isError: boolean, rest: readonly ContentPart[]): ContentPart[] {
  return isError ? [text(ERROR_MESSAGE_HEADER), ...rest] : [...rest];
}

/** The working-directory, interpreter and exit-code lines the terminal adds after the output. */
function terminalText(output: string, metadata: TerminalMetadata): string {
  let rendered = `${metadata.prefix}${output}${metadata.suffix}`;
  if (metadata.workingDir) rendered += `\n[Current working directory: ${metadata.workingDir}]`;
  if (metadata.pyInterpreterPath) rendered += `\n[Python interpreter: ${metadata.pyInterpreterPath}]`;
  if (metadata.exitCode !== -1) rendered += `\n[Command finished with exit code ${metadata.exitCode}]`;
  return rendered;
}

const IMAGE_PREFIXES: readonly (readonly [string, string])[] = [
  ['/9j/', 'image/jpeg'],
  ['iVBORw0KGgo', 'image/png'],
  ['R0lGODlh', 'image/gif'],
  ['UklGR', 'image/webp'],
];

/** `detect_image_mime_type`: by the base64 data's first characters, PNG when unknown. */
export function detectImageMimeType(base64: string): string {
  return IMAGE_PREFIXES.find(([prefix]) => base64.startsWith(prefix))?.[1] ?? 'image/png';
}

function browserContent(observation: Extract<SdkObservation, { render: 'browser' }>): ContentPart[] {
  const parts: ContentPart[] = [];
  const body = joinedText(observation.content);
  const saveDir = observation.fullOutputSaveDir;
  if (body) parts.push(text(sdkMaybeTruncate(body, DEFAULT_TEXT_CONTENT_LIMIT, { saveDir, toolPrefix: 'browser' })));
  const screenshot = observation.screenshotData;
  if (screenshot) {
    const mimeType = detectImageMimeType(screenshot);
    if (saveDir) {
      // The SDK saves the screenshot and says where (assumed to have succeeded, as during the run).
      const extension = mimeType.split('/').pop() === 'jpeg' ? 'jpg' : mimeType.split('/').pop()!;
      const path = pythonPathJoin(saveDir, `browser_screenshot_${sha256Hex(screenshot).slice(0, 8)}.${extension}`);
      parts.push(text(`Screenshot saved to: ${path}`));
    }
    parts.push(image(`data:${mimeType};base64,${screenshot}`));
  }
  return withErrorHeader(observation.isError, parts);
}

function consultTomText(observation: Extract<SdkObservation, { render: 'consultTom' }>): string {
  if (!observation.suggestions) return 'Tom agent did not provide suggestions.';
  const lines = [`Tom agent's guidance:\n${observation.suggestions}`];
  if (observation.reasoning) lines.push(`\nReasoning: ${observation.reasoning}`);
  if (observation.confidence !== null) lines.push(`\nConfidence: ${formatPercent(observation.confidence)}`);
  return lines.join('\n');
}

/** `observation.to_llm_content` (or, before 2025-11-05, that of the SDK of the time). */
export function renderObservation(observation: SdkObservation): ContentPart[] {
  switch (observation.render) {
    case 'content':
      return withErrorHeader(observation.isError, observation.content);
    case 'terminal': {
      const rendered = terminalText(joinedText(observation.content), observation.metadata);
      const saved = { saveDir: observation.fullOutputSaveDir, toolPrefix: 'terminal' };
      return withErrorHeader(observation.isError, [text(sdkMaybeTruncate(rendered, MAX_CMD_OUTPUT_SIZE, saved))]);
    }
    case 'browser':
      return browserContent(observation);
    case 'task': {
      const info = `Task ID: ${observation.taskId}\nSubagent: ${observation.subagent}\nStatus: ${observation.status}`;
      return [text(info), ...withErrorHeader(observation.isError, observation.content)];
    }
    case 'consultTom':
      return [text(consultTomText(observation))];
    case 'sleeptimeCompute':
      return [
        text(
          observation.sessionsProcessed > 0
            ? `Successfully indexed ${observation.sessionsProcessed} conversation(s) for user modeling.\n${observation.message}`
            : `Sleeptime compute completed.\n${observation.message}`,
        ),
      ];
    case 'earlierBash': {
      const rendered = terminalText(observation.output, observation.metadata);
      return [
        text(
          sdkMaybeTruncate(
            observation.error ? `[There was an error during command execution.]\n${rendered}` : rendered,
            MAX_CMD_OUTPUT_SIZE,
          ),
        ),
      ];
    }
    case 'earlierEditor':
      return [text(observation.error ? observation.error : observation.output)];
    case 'earlierBrowser': {
      if (observation.error) return [text(`Error: ${observation.error}`)];
      const parts: ContentPart[] = [text(sdkMaybeTruncate(observation.output, MAX_BROWSER_OUTPUT_SIZE))];
      if (observation.screenshotData)
        parts.push(
          image(`data:${detectImageMimeType(observation.screenshotData)};base64,${observation.screenshotData}`),
        );
      return parts;
    }
    case 'earlierMcp': {
      const head = `[Tool '${observation.toolName}' executed.]\n${observation.isError ? ERROR_MESSAGE_HEADER : ''}`;
      return [text(head), ...observation.content];
    }
    case 'earlierText':
      return [text(observation.text)];
    case 'unreadable':
      throw new SdkMessagesUnavailable(`the SDK could not read this ${observation.kind}: ${observation.problem}`);
  }
}

/** Renderings by event: an event shows up in every later step's view, and renders the same each time. */
const rendered = new WeakMap<ObservationEvent, readonly ContentPart[]>();

/**
 * The observation's part of its tool message (before `extended_content`). An event built by hand
 * without a logged observation shows its `content` as it is.
 */
export function observationLlmContent(event: ObservationEvent): readonly ContentPart[] {
  if (!event.observation) return event.content;
  let content = rendered.get(event);
  if (content === undefined) {
    try {
      content = renderObservation(event.observation);
    } catch (error) {
      if (error instanceof SdkMessagesUnavailable)
        throw new SdkMessagesUnavailable(`observation ${event.id} (tool ${event.toolName}): ${error.message}`);
      throw error;
    }
    rendered.set(event, content);
  }
  return content;
}
