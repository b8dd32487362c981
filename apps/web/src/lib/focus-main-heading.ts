/** The id of every frame's `<main>`: the skip link's target. */
export const mainContentId = 'main-content';

/** How long a screen may take to draw its heading (a lazy chunk, then its data) before focus is left alone. */
const headingWaitMs = 10_000;

/**
 * Moves focus to the page's main heading (its `<main>` when it has none) once it is drawn, so that after a change of
 * screen a keyboard or screen-reader user starts at the new content (WCAG 2.4.3) rather than at the top of the page
 * or on a button that has gone. It waits while a dialog is open (the dialog owns the focus), and gives up if the
 * person has moved focus themselves meanwhile. Returns what stops the wait.
 */
export function focusMainHeadingWhenShown(doc: Document): () => void {
  const focusedBefore = doc.activeElement;
  const tryFocus = (): boolean => {
    const focused = doc.activeElement;
    // The person went on to something else: theirs to keep.
    if (focused && focused !== doc.body && focused !== focusedBefore && focused.isConnected) return true;
    if (doc.querySelector('[role="dialog"], [role="alertdialog"]')) return false;
    const main = doc.getElementById(mainContentId) ?? doc.querySelector('main');
    const target = main?.querySelector<HTMLElement>('h1') ?? null;
    if (!target) return false;
    // A heading is not focusable by Tab; -1 lets script focus it without adding a tab stop.
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
    return true;
  };
  if (tryFocus()) return () => {};
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(stop, headingWaitMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(doc.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['role'] });
  return stop;
}
