import { PINNED_SDK_RULES, type SdkRules } from './ruleDates.ts';
import type { ContentPart, ViewEvent } from './events.ts';
import { toLlmMessage } from './messages.ts';
import { sdkRuleApplies } from './ruleDates.ts';
import { codePointLength, headCodePoints } from './text.ts';

/**
 * `str(event)`: what the SDK's summarizer sees of each forgotten event (the events' `__str__` in the
 * SDK of the rule set's date). Most parts are cut to about 500 characters, and an action shows its
 * class name but never its arguments.
 */

const PREVIEW = 500;

/** Message previews: 497 characters plus `...`. */
function cutPreview(text: string): string {
  return codePointLength(text) > PREVIEW ? `${headCodePoints(text, PREVIEW - 3)}...` : text;
}

/** Thoughts, results, errors and reasons: 500 characters plus `...`. */
function cutField(text: string): string {
  return codePointLength(text) > PREVIEW ? `${headCodePoints(text, PREVIEW)}...` : text;
}

/** `content_to_str`: a text part's text (empty ones too), an image part as `[Image: N URLs]`. */
function contentToStr(content: readonly ContentPart[]): string[] {
  return content.map((part) => (part.type === 'text' ? part.text : `[Image: ${part.urls.length} URLs]`));
}

/** The message preview; `suffix` (skills, thinking blocks) only follows when there are parts at all. */
function previewOf(content: readonly ContentPart[], suffix = ''): string {
  const parts = contentToStr(content);
  return parts.length === 0 ? '[no text content]' : `${cutPreview(parts.join(' '))}${suffix}`;
}

function messageSuffix(event: ViewEvent & { kind: 'MessageEvent' }, rules: SdkRules): string {
  const label = sdkRuleApplies(rules, 'skillsLabel') ? 'Skills' : 'Microagents';
  const skills = event.activatedSkills.length > 0 ? ` [${label}: ${event.activatedSkills.join(', ')}]` : '';
  const thinking =
    sdkRuleApplies(rules, 'thinkingBlocksInText') && event.thinkingBlockCount > 0
      ? ` [Thinking blocks: ${event.thinkingBlockCount}]`
      : '';
  return skills + thinking;
}

export function eventString(event: ViewEvent, rules: SdkRules = PINNED_SDK_RULES): string {
  const head = `${event.kind} (${event.source})`;
  switch (event.kind) {
    case 'MessageEvent': {
      const msg = toLlmMessage(event);
      return `${head}\n  ${msg.role}: ${previewOf(msg.content, messageSuffix(event, rules))}`;
    }
    case 'ActionEvent': {
      const thought = cutField(event.thought.join(' '));
      if (event.actionKind === null && sdkRuleApplies(rules, 'notExecutedActionText')) {
        return `${head}\n  Thought: ${thought}\n  Action: (not executed)\n  Call: ${event.toolCall.name}:${event.toolCall.id}`;
      }
      // Before SDK #623 every ActionEvent had an action; None's class name is what Python would print.
      return `${head}\n  Thought: ${thought}\n  Action: ${event.actionKind ?? 'NoneType'}`;
    }
    case 'ObservationEvent':
      return `${head}\n  Tool: ${event.toolName}\n  Result: ${cutField(contentToStr(event.content).join(''))}`;
    case 'AgentErrorEvent':
      return `${head}\n  Error: ${cutField(event.error)}`;
    case 'UserRejectObservation':
      return `${head}\n  Tool: ${event.toolName}\n  Reason: ${cutField(event.rejectionReason)}`;
    case 'SystemPromptEvent': {
      const dynamic =
        event.dynamicContext === null || !sdkRuleApplies(rules, 'dynamicContextText')
          ? ''
          : `\n  Dynamic Context: ${codePointLength(event.dynamicContext)} chars`;
      return `${head}\n  System: ${cutField(event.systemPrompt)}\n  Tools: ${event.tools.length} available${dynamic}`;
    }
    case 'CondensationSummaryEvent': {
      const msg = toLlmMessage(event);
      return `${head}\n  ${msg.role}: ${previewOf(msg.content)}`;
    }
  }
}
