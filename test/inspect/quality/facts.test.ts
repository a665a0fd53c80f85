/**
 * The facts of an event, against quality_facts.py: small cases whose expected facts python3 printed,
 * every event of the public real logs, and tricky random events (surrogates, Python-only whitespace,
 * Unicode word characters, long error lines), both with the reference's facts stored as fixtures.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventFactSet, eventFacts, isCondensationEvent } from '../../../src/inspect/quality/facts.ts';
import { QUALITY_FIXTURES, readGzipJson, readReferenceLog } from './referenceLog.ts';

describe('eventFacts (expected facts printed by the reference for the same events)', () => {
  it('error lines: Python’s Unicode \\b, its strip, and a split on \\n only', () => {
    const content =
      'ValueErroré: no\nValueError: yes\nKeyError_x\nOSError\u0663\nFAILEDx\nFAILED: t\n\x1cERROR here\n\ufeffERROR bom\nerror:colon\r\nfatal: bad\u2028tail';
    expect(eventFacts({ observation: 'run', content })).toEqual([
      'error:ERROR here',
      'error:FAILED: t',
      'error:ValueError: yes',
      'error:error:colon',
      'error:fatal: bad\u2028tail',
    ]);
  });

  it('the \\b after an error word is Python 3.11’s (Unicode 14): later letters end a word, older ones do not', () => {
    const factsOf = (content: string) => eventFacts({ observation: 'run', content });
    // U+1C89 and U+0C5C are letters since Unicode 16, U+11F04 since 15: the reference's Python 3.11 has none.
    expect(factsOf('ValueError\u1c89')).toEqual(['error:ValueError\u1c89']);
    expect(factsOf('ValueError\u{11f04} boom')).toEqual(['error:ValueError\u{11f04} boom']);
    expect(factsOf('FAILED\u0c5c')).toEqual(['error:FAILED\u0c5c']);
    expect(factsOf('ERROR\u{11f04}')).toEqual(['error:ERROR\u{11f04}']);
    expect(factsOf('  \u3000KeyError\u1c89 here')).toEqual(['error:KeyError\u1c89 here']);
    for (const content of [
      'ValueError\u00e9',
      'FAILED\u0c1a',
      'ERROR\u4e2d',
      'XException\u0663',
      'XException\u00b2',
      'XError_',
    ])
      expect(factsOf(content), content).toEqual([]);
  });

  it('an error word begins with a letter or _, and any Error in it before a boundary will do', () => {
    const factsOf = (content: string) => eventFacts({ observation: 'run', content });
    expect(factsOf('_Error: x')).toEqual(['error:_Error: x']);
    expect(factsOf('a.Error:x')).toEqual(['error:a.Error:x']);
    // The last Error is followed by a letter; the pattern backtracks to the first, followed by '.'.
    expect(factsOf('ValueError.XError\u00e9')).toEqual(['error:ValueError.XError\u00e9']);
    expect(factsOf('9Error: x')).toEqual([]);
    expect(factsOf('.Error: x')).toEqual([]);
  });

  it('an error line is cut to 200 characters, a surrogate pair counting as one', () => {
    const facts = eventFacts({ observation: 'run', content: `KeyError ${'\u{1f600}'.repeat(250)}` });
    expect(facts).toEqual([`error:KeyError ${'\u{1f600}'.repeat(191)}`]);
  });

  it('only observations have error facts', () => {
    expect(eventFacts({ message: 'ValueError: not an observation' })).toEqual([]);
    expect(
      eventFacts({
        kind: 'ObservationEvent',
        observation: { content: [{ text: 'Traceback\n  File "/w/a.py"\nZeroDivisionError: division by zero' }] },
      }),
    ).toEqual(['error:ZeroDivisionError: division by zero', 'path:/w/a.py']);
  });

  it('a command is stripped as Python strips it', () => {
    expect(eventFacts({ action: 'run', args: { command: '\x1c ls -la \x85' } })).toEqual(['command:ls -la']);
    expect(eventFacts({ action: 'run', args: { command: '\ufeffls' } })).toEqual(['command:\ufeffls']);
    expect(eventFacts({ action: 'run', args: { command: ' \n ' } })).toEqual([]);
    expect(eventFacts({ action: 'run', args: null })).toEqual([]);
  });

  it('paths: trailing dots removed, two slashes needed, none after ~, in URLs or after an empty segment', () => {
    const message = 'see /a/b/c.py. and ~/x/y and /tmp//x and /a/b/ and http://h/a/b and /a/.. and x/a/b /usr/bin/env';
    expect(eventFacts({ message })).toEqual(['path:/a/', 'path:/a/b', 'path:/a/b/c.py', 'path:/usr/bin/env']);
  });

  it('an SDK terminal command; nothing under timestamp or metrics', () => {
    const event = {
      kind: 'ActionEvent',
      action: { kind: 'TerminalAction', command: 'cat <<EOF\nx\nEOF' },
      timestamp: '/t/s/x',
      metrics: { a: '/m/x/y' },
    };
    expect(eventFacts(event)).toEqual(['command:cat <<EOF\nx\nEOF']);
  });

  it('condensation events and values that are not events have none', () => {
    for (const event of [
      { kind: 'Condensation', summary: '/a/b/c' },
      { action: 'condensation_request', args: { x: '/a/b/c' } },
    ]) {
      expect(isCondensationEvent(event)).toBe(true);
      expect(eventFacts(event)).toEqual([]);
    }
    expect(eventFacts(['/a/b/c'])).toEqual([]);
    expect(eventFacts('/a/b/c')).toEqual([]);
  });

  it('reads a deeply nested event without overflowing the stack', () => {
    let nested: unknown = 'FAILED deep /a/b';
    for (let depth = 0; depth < 100_000; depth++) nested = [nested];
    expect(eventFactSet({ observation: 'run', content: nested })).toEqual(
      new Set(['error:FAILED deep /a/b', 'path:/a/b']),
    );
  });
});

describe('eventFacts equals the reference on every event', () => {
  it('of every public real log', () => {
    const expected = readGzipJson(join(QUALITY_FIXTURES, 'facts-real-logs.json.gz')) as Record<string, string[][]>;
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(24);
    for (const [log, facts] of Object.entries(expected)) {
      const events = readReferenceLog(log);
      expect(
        events.map((event) => eventFacts(event)),
        log,
      ).toEqual(facts);
    }
  });

  it('of 800 random events made of the characters where Python and JavaScript differ', () => {
    const cases = readGzipJson(join(QUALITY_FIXTURES, 'facts-tricky-events.json.gz')) as {
      event: unknown;
      facts: string[];
    }[];
    expect(cases).toHaveLength(800);
    expect(cases.map((item) => eventFacts(item.event))).toEqual(cases.map((item) => item.facts));
  });
});
