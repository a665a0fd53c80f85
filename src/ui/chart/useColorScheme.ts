import { useEffect, useState } from 'react';

/**
 * Changes whenever the page's colours may have: the user's theme pick (data-theme on <html>) or the
 * system's dark mode. A canvas keeps the colours it was drawn with, so a chart redraws on it.
 */
export function useColorScheme(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    const observer = new MutationObserver(bump);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const dark = window.matchMedia('(prefers-color-scheme: dark)');
    dark.addEventListener('change', bump);
    return () => {
      observer.disconnect();
      dark.removeEventListener('change', bump);
    };
  }, []);
  return version;
}

/**
 * Colours as the canvas needs them (rgb), from CSS custom properties that may use light-dark(): all
 * probes put in, then read, so the page's styles are worked out once (each read after a change is a
 * style pass over the whole page: 57 ms of a chart's build on a 1 GB log, one property at a time).
 */
export function resolveColors(within: HTMLElement, properties: readonly string[]): string[] {
  const probes = properties.map((property) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${property})`;
    return probe;
  });
  within.append(...probes);
  const colors = probes.map((probe) => getComputedStyle(probe).color);
  for (const probe of probes) probe.remove();
  return colors;
}
