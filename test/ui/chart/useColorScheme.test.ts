import { describe, expect, it } from 'vitest';
import { resolveColors } from '../../../src/ui/chart/useColorScheme.ts';

describe('resolveColors', () => {
  it('reads every colour in one pass, in the order asked, and leaves nothing behind', () => {
    const within = document.createElement('div');
    document.body.append(within);
    within.style.setProperty('--first', 'rgb(1, 2, 3)');
    within.style.setProperty('--second', 'rgb(4, 5, 6)');
    const colors = resolveColors(within, ['--second', '--first', '--second']);
    // jsdom leaves var() as it is written (a browser gives rgb): each probe is read for its own property.
    expect(colors).toEqual(['var(--second)', 'var(--first)', 'var(--second)']);
    expect(within.childElementCount).toBe(0);
  });
});
