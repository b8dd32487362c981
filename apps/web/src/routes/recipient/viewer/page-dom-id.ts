/** The DOM id of one page of one file in the viewer, so other parts of the page (Phil's sources) can go to it. */
export function pageDomId(fileIndex: number, page: number): string {
  return `recipient-page-${fileIndex}-${page}`;
}

/** Scrolls the viewer to a page and moves the reading position there; false when the page is not shown. */
export function scrollToPage(fileIndex: number, page: number): boolean {
  const element = document.getElementById(pageDomId(fileIndex, page));
  if (!element) return false;
  element.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  element.focus({ preventScroll: true });
  return true;
}
