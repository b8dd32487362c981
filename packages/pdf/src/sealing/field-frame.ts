import {
  clip,
  concatTransformationMatrix,
  endPath,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
} from '@cantoo/pdf-lib';
import type { PageGeometry } from '../page-geometry.ts';

export interface ShownRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

type Matrix = [number, number, number, number, number, number];

/**
 * The matrix from a field's own frame (origin at its bottom-left corner as the page is shown, x right, y up)
 * to the page's default user space: the inverse of `toShownRect`. Drawing inside this frame lands where the
 * editor showed the field and reads upright on a page with /Rotate, whatever the quarter turn.
 */
export function shownFieldMatrix(geometry: PageGeometry, rect: ShownRect): Matrix {
  const { x: boxX, y: boxY, width: boxWidth, height: boxHeight } = geometry.box;
  const { x, y, height } = rect;
  switch (geometry.rotation) {
    case 90:
      return [0, 1, -1, 0, boxX + y + height, boxY + x];
    case 180:
      return [-1, 0, 0, -1, boxX + boxWidth - x, boxY + y + height];
    case 270:
      return [0, -1, 1, 0, boxX + boxWidth - y - height, boxY + boxHeight - x];
    default:
      return [1, 0, 0, 1, boxX + x, boxY + boxHeight - y - height];
  }
}

/**
 * Runs `draw` in the field's frame, clipped to the field so that nothing a party typed can spill onto the
 * page's own content. The page's existing content is not touched: pdf-lib wraps it in q/Q before the first
 * operator is appended, so a content stream that leaves its graphics state changed cannot skew ours.
 */
export function drawInField(
  page: PDFPage,
  geometry: PageGeometry,
  rect: ShownRect,
  draw: (size: { width: number; height: number }) => void,
): void {
  const [a, b, c, d, e, f] = shownFieldMatrix(geometry, rect);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(a, b, c, d, e, f),
    rectangle(0, 0, rect.width, rect.height),
    clip(),
    endPath(),
  );
  draw({ width: rect.width, height: rect.height });
  page.pushOperators(popGraphicsState());
}
