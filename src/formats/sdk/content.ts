import type { sdk } from '../../engine/index.ts';

/**
 * Reading the SDK's content shapes across generations: text/image content lists (2026), bare strings,
 * and the 2025 observations that carried a string `output` (or a Finish `message`).
 */

type ContentPart = sdk.ContentPart;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One TextContent/ImageContent object; null for anything else (skipped, as the LLM never sees it). */
function contentPart(value: unknown): ContentPart | null {
  if (typeof value === 'string') return { type: 'text', text: value, cachePrompt: false };
  if (!isRecord(value)) return null;
  const cachePrompt = value.cache_prompt === true;
  if (typeof value.text === 'string' && (value.type === undefined || value.type === 'text'))
    return { type: 'text', text: value.text, cachePrompt };
  if (Array.isArray(value.image_urls)) {
    return {
      type: 'image',
      urls: value.image_urls.filter((url): url is string => typeof url === 'string'),
      cachePrompt,
    };
  }
  return null;
}

/** A content list, a single string, or nothing. */
export function contentParts(value: unknown): ContentPart[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.map(contentPart).filter((part): part is ContentPart => part !== null);
  const part = contentPart(value);
  return part ? [part] : [];
}

export function texts(value: unknown): string[] {
  return contentParts(value).flatMap((part) => (part.type === 'text' ? [part.text] : []));
}

/** The observation's LLM content: `content` (2026), else the 2025 `output`, else a Finish `message`. */
export function observationContent(observation: Record<string, unknown>): ContentPart[] {
  if (observation.content !== undefined && observation.content !== null) return contentParts(observation.content);
  if (typeof observation.output === 'string') return [{ type: 'text', text: observation.output, cachePrompt: false }];
  if (typeof observation.message === 'string') return [{ type: 'text', text: observation.message, cachePrompt: false }];
  return [];
}

/** `thinking_blocks`: ThinkingBlock / RedactedThinkingBlock objects (anything else is left out). */
export function thinkingBlocks(value: unknown): sdk.ThinkingBlock[] {
  if (!Array.isArray(value)) return [];
  const blocks: sdk.ThinkingBlock[] = [];
  for (const block of value) {
    if (!isRecord(block)) continue;
    if (block.type === 'redacted_thinking' && typeof block.data === 'string')
      blocks.push({ type: 'redacted_thinking', data: block.data });
    else if ((block.type === undefined || block.type === 'thinking') && typeof block.thinking === 'string') {
      blocks.push({
        type: 'thinking',
        thinking: block.thinking,
        signature: typeof block.signature === 'string' ? block.signature : null,
      });
    }
  }
  return blocks;
}
