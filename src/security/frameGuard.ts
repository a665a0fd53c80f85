/**
 * Whether the page is shown inside another page's frame. The policy's frame-ancestors refuses that
 * only when it comes as a header (a `<meta>` cannot carry it): on a host that sends no headers, the
 * app checks for itself and does not start in a frame (no clickjacking of its buttons, no key typed
 * into a framed form).
 */
export function isFramed(view: Pick<Window, 'top' | 'self'>): boolean {
  try {
    return view.top !== view.self;
  } catch {
    // A cross-origin parent cannot even be compared: framed.
    return true;
  }
}

export const FRAMED_TEXT = 'The Condenser Inspector does not run inside another page. Open it in its own tab.';
