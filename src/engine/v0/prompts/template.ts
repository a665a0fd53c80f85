import { type PromptPart, PromptParts } from '../../core/index.ts';

const PLACEHOLDER = /\{(previous_summary|events)\}/g;

/**
 * Fills `{previous_summary}` and `{events}` in one pass, so text inside events is never re-expanded:
 * the events' blocks are added where `{events}` stands (each time it stands there).
 */
export function summaryPrompt(
  template: string,
  previousSummary: string,
  addEvents: (prompt: PromptParts) => void,
): readonly PromptPart[] {
  const prompt = new PromptParts();
  let at = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    prompt.text(template.slice(at, match.index));
    if (match[1] === 'events') addEvents(prompt);
    else prompt.text(previousSummary);
    at = match.index + match[0].length;
  }
  return prompt.text(template.slice(at)).done();
}

/** The `<PREVIOUS SUMMARY>` and `<EVENT id=N>` blocks OpenHands' summarizers put after their preamble. */
export function summaryBlocks(closing: string): string {
  return '<PREVIOUS SUMMARY>\n{previous_summary}\n</PREVIOUS SUMMARY>\n\n\n{events}' + closing;
}

const BLOCK_END = '</EVENT>\n';

/**
 * An `<EVENT id=N>` block of an entry's text. A logged event's block, but for its end, is one part
 * named for token counts (LoggedText): `logged` names the event and the text's form.
 */
export function addEventBlock(
  prompt: PromptParts,
  id: number,
  text: () => string,
  logged: { readonly event: object; readonly form: string } | null,
): void {
  const opened = () => `<EVENT id=${id}>\n${text()}\n`;
  prompt.add(logged ? { event: logged.event, form: logged.form, text: opened } : opened()).text(BLOCK_END);
}
