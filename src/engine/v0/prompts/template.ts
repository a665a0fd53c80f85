/** Fills `{previous_summary}` and `{events}` in one pass, so text inside events is never re-expanded. */
export function fillSummaryTemplate(template: string, previousSummary: string, events: string): string {
  return template.replace(/\{(previous_summary|events)\}/g, (_, key: string) =>
    key === 'events' ? events : previousSummary,
  );
}

/** The `<PREVIOUS SUMMARY>` and `<EVENT id=N>` blocks OpenHands' summarizers put after their preamble. */
export function summaryBlocks(closing: string): string {
  return '<PREVIOUS SUMMARY>\n{previous_summary}\n</PREVIOUS SUMMARY>\n\n\n{events}' + closing;
}

export function eventBlock(id: number, text: string): string {
  return `<EVENT id=${id}>\n${text}\n</EVENT>\n`;
}
