import { describe, expect, it } from 'vitest';
import { EventImage, EventText } from '../../../../src/engine/v0/messages/eventTexts.ts';

describe('message parts built from digests', () => {
  it('read an image’s URLs only when asked for, once', () => {
    let reads = 0;
    const image = new EventImage(() => (reads++, ['data:image/png;base64,AAAA']));
    expect(image.kind).toBe('image');
    expect(reads).toBe(0);
    expect(image.urls).toEqual(['data:image/png;base64,AAAA']);
    expect(image.urls).toEqual(['data:image/png;base64,AAAA']);
    expect(reads).toBe(1);
  });

  it('read a text only when asked for, and drop its digest once it is changed', () => {
    let reads = 0;
    const digest = { length: 5, start: 'hello', tokens: 1 };
    const text = new EventText(null, digest, () => (reads++, 'hello'), null);
    expect(text.digest).toBe(digest);
    expect(reads).toBe(0);
    expect(text.text).toBe('hello');
    expect(text.text).toBe('hello');
    expect(reads).toBe(1);
    text.text = 'hello\n';
    expect(text.text).toBe('hello\n');
    expect(text.digest).toBeNull();
  });
});
