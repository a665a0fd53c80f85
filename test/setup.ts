import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// jsdom draws nothing: the charts (uPlot, canvas) draw into a mock 2D context that checks its arguments.
import 'vitest-canvas-mock';

// jsdom has no layout: the virtualized lists measure with ResizeObserver and fall back to initialRect.
class NoLayoutResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoLayoutResizeObserver as unknown as typeof ResizeObserver;

// jsdom has no media queries: uPlot watches one for the pixel ratio, the charts one for dark mode.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

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

// jsdom has no layout to scroll: a hit scrolled into view goes nowhere.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

// fake-indexeddb clones values with Node's structuredClone, which keeps Node's Blobs (as Chromium's
// IndexedDB keeps its own) but turns jsdom's into empty objects: stored log chunks are Blobs.
globalThis.Blob = NodeBlob as unknown as typeof Blob;

afterEach(() => {
  cleanup();
});
