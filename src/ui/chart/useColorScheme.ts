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

/** A colour as the canvas needs it (rgb), from a CSS custom property that may use light-dark(). */
export function resolveColor(within: HTMLElement, property: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${property})`;
  within.append(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color;
}
