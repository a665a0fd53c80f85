import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { utf8Length } from '../../../src/formats/logFile.ts';
import { EventLabel, shortId } from '../../../src/ui/shared/EventLabel.tsx';

describe('labels', () => {
  it('writes an SDK message’s source once, and cuts only UUIDs short', () => {
    const { container } = render(
      <EventLabel
        row={{
          index: 0,
          id: 'replay-condensation-2',
          kind: 'action',
          type: 'message (user)',
          source: 'user',
          summary: 'hi',
          inHistory: { recorded: true, resimulate: true },
        }}
      />,
    );
    expect(container.textContent).toBe('#replay-condensation-2 message (user) · hi');
    expect(shortId('58f7af84-4980-479f-bd2d-2af28a094ba6')).toBe('58f7af84');
    expect(shortId(12)).toBe('12');
  });

  it('measures a text log in the bytes its file had, as a direct import does', () => {
    expect(utf8Length('abc')).toBe(3);
    expect(utf8Length('é✓😀')).toBe(2 + 3 + 4);
  });
});
