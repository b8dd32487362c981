import type { PlacedField } from '@signlink/contracts/documents/document-model';

/** A page's size in PDF points (the access response's PageSizes, after rotation). */
export interface PageSize {
  width: number;
  height: number;
}

/** A rectangle in CSS pixels from the rendered page's top-left corner. */
export interface CssRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * At most this many CSS pixels per point when fitting the width: an A4 page (595 pt) is shown at most ~890 px wide
 * on a desktop, readable without making a wide screen scroll for every line.
 */
export const maxFitScale = 1.5;
export const minZoom = 1;
export const maxZoom = 3;
export const zoomStep = 0.5;

/** The page's width on screen: the container's width (a phone's) or the page at maxFitScale, times the zoom. */
export function renderedPageWidth(page: PageSize, containerWidth: number, zoom: number): number {
  const fitWidth = Math.min(Math.max(containerWidth, 1), page.width * maxFitScale);
  return Math.round(fitWidth * clampZoom(zoom));
}

export function clampZoom(zoom: number): number {
  return Math.min(Math.max(zoom, minZoom), maxZoom);
}

/**
 * Where a field sits on the rendered page. Field rects are PDF points from the page's top-left corner as shown (the
 * contract's ZPlacedField), so one scale maps them; a rect reaching past the page's edge is cut at the edge, so an
 * input never hangs outside the paper.
 */
export function fieldRect(
  field: Pick<PlacedField, 'x' | 'y' | 'width' | 'height'>,
  page: PageSize,
  pageWidthPx: number,
): CssRect {
  const scale = pageWidthPx / page.width;
  const left = Math.min(Math.max(field.x, 0), page.width);
  const top = Math.min(Math.max(field.y, 0), page.height);
  const width = Math.min(field.width, page.width - left);
  const height = Math.min(field.height, page.height - top);
  const round = (value: number) => Math.round(value * scale * 100) / 100;
  return { left: round(left), top: round(top), width: round(width), height: round(height) };
}

/** The page's height on screen for its width, so a placeholder holds the page's place before it is drawn. */
export function renderedPageHeight(page: PageSize, pageWidthPx: number): number {
  return Math.round((page.height / page.width) * pageWidthPx);
}

/**
 * The text size of an input in a field of this height: most of the height, never unreadably small nor larger than
 * body text (16 px also keeps iOS Safari from zooming into a focused input).
 */
export function fieldFontSize(heightPx: number): number {
  return Math.round(Math.min(Math.max(heightPx * 0.62, 10), 16));
}

/** WCAG 2.2's target size (2.5.8, AA): a field smaller than this on screen grows to it. */
export const minFieldSizePx = 24;

/**
 * A field's rect grown to at least minFieldSizePx each way around its centre: a 20 pt field on a phone is 13 px tall,
 * too small to hit or to read what is typed. It stays over the place it will be stamped.
 */
export function touchableRect(rect: CssRect): CssRect {
  const width = Math.max(rect.width, minFieldSizePx);
  const height = Math.max(rect.height, minFieldSizePx);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    left: round(rect.left - (width - rect.width) / 2),
    top: round(rect.top - (height - rect.height) / 2),
    width,
    height,
  };
}

/** The height a field's caption takes above it (13 px text at a line height of 1.3). */
export const captionHeightPx = 17;

/**
 * Whether a caption fits above the field without covering another field: forms often put fields a line apart, and
 * there the label goes inside the empty field instead. Rects are as drawn (touchableRect).
 */
export function hasRoomAbove(rect: CssRect, others: readonly CssRect[]): boolean {
  const top = rect.top - captionHeightPx;
  return others.every(
    (other) =>
      other === rect ||
      other.left >= rect.left + rect.width ||
      other.left + other.width <= rect.left ||
      other.top + other.height <= top ||
      other.top >= rect.top,
  );
}
