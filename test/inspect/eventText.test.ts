import { describe, expect, it } from 'vitest';
import { parseJsonBytes } from '../../src/formats/jsonBytes.ts';
import { rawEventsOf } from '../../src/formats/rawEvents.ts';
import { eventDetailText, indentJson } from '../../src/inspect/eventText.ts';
import { searchEvents } from '../../src/inspect/searchEvents.ts';

const fromBytes = (text: string) => rawEventsOf(parseJsonBytes(new TextEncoder().encode(text), 'f') as unknown[]);

describe('event detail text', () => {
  it('indents the log’s own JSON like JSON.stringify(value, null, 2)', () => {
    const event = { id: 3, args: { command: 'ls "a b"', list: [1, { x: [] }], empty: {} }, text: 'a, b: {c}' };
    expect(indentJson(JSON.stringify(event))).toBe(JSON.stringify(event, null, 2));
    expect(eventDetailText(fromBytes(`[${JSON.stringify(event)}]`), 0)).toBe(JSON.stringify(event, null, 2));
  });

  it('survives nesting 100,000 deep, from bytes and from parsed values', () => {
    const deep = `{"id": 1, "args": {"x": ${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
    const text = eventDetailText(fromBytes(`[${deep}]`), 0);
    const lines = text.split('\n');
    expect(lines).toHaveLength(100_000 * 2 + 4);
    expect(lines.reduce((longest, line) => Math.max(longest, line.length), 0)).toBeLessThan(100);
    const parsed = rawEventsOf([JSON.parse(deep)]);
    expect(eventDetailText(parsed, 0)).toMatch(/^\{|nested too deeply/);
  });
});

describe('search over the log’s bytes', () => {
  const raw = fromBytes(
    '[{"id": 0, "content": "Ran PyTest: 2 FAILED"}, {"id": 1, "content": "caf\\u00e9 \\"quoted\\""}, {"id": 2, "content": "line\\nbreak"}]',
  );
  it('finds ASCII in any case, JSON escapes, and non-ASCII written as \\u escapes', () => {
    expect([...searchEvents(raw, 'pytest: 2 failed')]).toEqual([0]);
    expect([...searchEvents(raw, 'café')]).toEqual([1]);
    expect([...searchEvents(raw, '"quoted"')]).toEqual([1]);
    expect([...searchEvents(raw, '"id"')]).toEqual([0, 1, 2]);
    expect([...searchEvents(raw, 'nothing like it')]).toEqual([]);
    expect([...searchEvents(raw, '   ')]).toEqual([]);
  });
  it('finds what a case-folded includes finds, however the two cases of the first letter interleave', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const letters = 'nNaAxX -';
    const word = (length: number) =>
      Array.from({ length }, () => letters[Math.floor(next() * letters.length)]).join('');
    const contents = Array.from({ length: 300 }, () => word(1 + Math.floor(next() * 60)));
    const events = fromBytes(JSON.stringify(contents.map((content, id) => ({ id, content }))));
    for (let q = 0; q < 60; q++) {
      const query = word(1 + Math.floor(next() * 4)).trim();
      if (!query) continue;
      const expected = contents.flatMap((content, id) =>
        JSON.stringify({ id, content }).toLowerCase().includes(query.toLowerCase()) ? [id] : [],
      );
      expect([...searchEvents(events, query)], query).toEqual(expected);
    }
  });

  it('searches parsed events the same way', () => {
    const parsed = rawEventsOf([
      { id: 0, content: 'Ran PyTest' },
      { id: 1, content: 'café' },
    ]);
    expect([...searchEvents(parsed, 'pytest')]).toEqual([0]);
    expect([...searchEvents(parsed, 'CAFÉ')]).toEqual([1]);
  });
});
