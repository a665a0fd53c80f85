import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout: the virtualized lists measure with ResizeObserver and fall back to initialRect.
class NoLayoutResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoLayoutResizeObserver as unknown as typeof ResizeObserver;

// Without layout every box is 0×0 and a virtualized list shows nothing: give scroll areas a window's
// height and everything else a row's (TanStack Virtual reads clientHeight and offsetHeight).
const SCROLL_AREAS = ['sbs-scroll', 'table-scroll', 'transcript-scroll'];
const heightOf = (element: HTMLElement) => (SCROLL_AREAS.some((name) => element.classList.contains(name)) ? 800 : 24);
for (const [property, value] of [
  ['clientHeight', heightOf],
  ['offsetHeight', heightOf],
  ['clientWidth', () => 1000],
  ['offsetWidth', () => 1000],
] as const) {
  Object.defineProperty(HTMLElement.prototype, property, {
    configurable: true,
    get(this: HTMLElement) {
      return value(this);
    },
  });
}

// fake-indexeddb clones values with Node's structuredClone, which keeps Node's Blobs (as Chromium's
// IndexedDB keeps its own) but turns jsdom's into empty objects: stored log chunks are Blobs.
globalThis.Blob = NodeBlob as unknown as typeof Blob;

afterEach(() => {
  cleanup();
});
