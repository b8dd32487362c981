import type { FieldType, PlacedField } from '@signlink/contracts/documents/document-model';

/** Positions are PDF points from the page's top-left corner (ZPlacedField); pages are the file's page sizes. */
export interface PageSize {
  Width: number;
  Height: number;
}

export type Box = Pick<PlacedField, 'x' | 'y' | 'width' | 'height'>;

/** Points between grid lines: a quarter of a text line's height, fine enough to align by eye. */
export const gridPoints = 5;
/** How near (in points) an edge must come to another field's edge to stick to it. */
export const snapDistance = 4;
/** ZPlacedField's bounds on a field's size. */
export const minFieldSize = 4;
export const maxFieldSize = 2000;

/** What a new field of each type measures: a signature needs room to write, a checkbox is square. */
export const defaultFieldSizes: Record<FieldType, { width: number; height: number }> = {
  signature: { width: 180, height: 50 },
  text: { width: 160, height: 22 },
  date: { width: 100, height: 22 },
  checkbox: { width: 16, height: 16 },
  'name-clarification': { width: 180, height: 22 },
};

const round = (value: number) => Math.round(value * 100) / 100;

export function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

/** Keeps a box on its page: the size within ZPlacedField's bounds and the page, then the position inside. */
export function clampToPage(box: Box, page: PageSize): Box {
  const width = round(clamp(box.width, minFieldSize, Math.min(maxFieldSize, page.Width)));
  const height = round(clamp(box.height, minFieldSize, Math.min(maxFieldSize, page.Height)));
  return {
    x: round(clamp(box.x, 0, page.Width - width)),
    y: round(clamp(box.y, 0, page.Height - height)),
    width,
    height,
  };
}

/**
 * The nearest of the other fields' edges to any of `ours` within snapDistance, as the shift to apply; otherwise the
 * shift that puts the first of `ours` on the grid.
 */
function snapShift(ours: number[], theirs: number[]): number {
  let best: number | null = null;
  for (const edge of ours) {
    for (const target of theirs) {
      const shift = target - edge;
      if (Math.abs(shift) <= snapDistance && (best === null || Math.abs(shift) < Math.abs(best))) best = shift;
    }
  }
  if (best !== null) return best;
  const first = ours[0] ?? 0;
  return Math.round(first / gridPoints) * gridPoints - first;
}

function edgesOf(others: readonly Box[]) {
  return {
    xs: others.flatMap((other) => [other.x, other.x + other.width]),
    ys: others.flatMap((other) => [other.y, other.y + other.height]),
  };
}

/** A moved box: its left or right edge, top or bottom edge, sticks to another field's or to the grid. */
export function snapMove(box: Box, others: readonly Box[], page: PageSize): Box {
  const { xs, ys } = edgesOf(others);
  const dx = snapShift([box.x, box.x + box.width], xs);
  const dy = snapShift([box.y, box.y + box.height], ys);
  return clampToPage({ ...box, x: box.x + dx, y: box.y + dy }, page);
}

/** A resized box (by its bottom-right corner): the right and bottom edges stick, the top-left stays. */
export function snapResize(box: Box, others: readonly Box[], page: PageSize): Box {
  const { xs, ys } = edgesOf(others);
  const right = box.x + box.width;
  const bottom = box.y + box.height;
  const width = box.width + snapShift([right], xs);
  const height = box.height + snapShift([bottom], ys);
  return clampToPage({ ...box, width, height }, page);
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Where a field added without a drop point goes: a third into the page, moved down past the fields in its way. */
export function freeSpotOn(
  fields: readonly (Box & { page: number })[],
  page: number,
  type: FieldType,
  size: PageSize,
): { x: number; y: number } {
  const { width, height } = defaultFieldSizes[type];
  const onPage = fields.filter((field) => field.page === page);
  const box = { x: size.Width / 3, y: size.Height / 3, width, height };
  for (let blocker = onPage.find((field) => overlaps(field, box)); blocker; ) {
    box.y = blocker.y + blocker.height + 10;
    if (box.y + height > size.Height) return { x: size.Width / 3, y: size.Height / 3 };
    blocker = onPage.find((field) => overlaps(field, box));
  }
  return { x: box.x, y: box.y };
}
