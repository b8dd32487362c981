import {
  appendBezierCurve,
  LineCapStyle,
  LineJoinStyle,
  lineTo,
  moveTo,
  type PDFOperator,
  setLineCap,
  setLineJoin,
  setLineWidth,
  setStrokingRgbColor,
  stroke,
} from '@cantoo/pdf-lib';
import type { InkSignature } from './seal-input.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

type Point = { x: number; y: number };

// signature_pad's defaults, for strokes that do not say.
const defaultMinWidth = 0.5;
const defaultMaxWidth = 2.5;
/** A tiny mark (a dot, a dash) is not blown up to fill the field: at most 4x the size the whole pad would get. */
const smallestShare = 0.25;

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The pad's strokes as PDF vector paths, scaled to fit `box` (y up) keeping their aspect ratio and centred.
 * Vector paths rather than a PNG of the pad: embedding the image cost ~29 ms of a 35 ms stamp, and paths stay
 * sharp at any zoom. Each stroke is smoothed through its points' midpoints (a quadratic B-spline, written as
 * cubic curves) with round caps and joins, its width the pad's average pen width at the drawing's scale.
 */
export function inkOperators(ink: InkSignature, box: Box): PDFOperator[] {
  const strokes = ink.strokes.filter((entry) => entry.points.length > 0);
  if (strokes.length === 0 || box.width <= 0 || box.height <= 0) return [];
  let [minX, minY, maxX, maxY] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, -Infinity, -Infinity];
  for (const entry of strokes) {
    for (const { x, y } of entry.points) {
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  const penOf = (entry: (typeof strokes)[number]) =>
    ((entry.minWidth ?? defaultMinWidth) + (entry.maxWidth ?? defaultMaxWidth)) / 2;
  const margin = Math.max(...strokes.map(penOf)) / 2;
  const contentWidth = Math.max(maxX - minX, (ink.width || 1) * smallestShare) + 2 * margin;
  const contentHeight = Math.max(maxY - minY, (ink.height || 1) * smallestShare) + 2 * margin;
  const scale = Math.min(box.width / contentWidth, box.height / contentHeight);
  const middleX = (minX + maxX) / 2;
  const middleY = (minY + maxY) / 2;
  // The pad's y grows downwards, the PDF's upwards.
  const toBox = ({ x, y }: Point): Point => ({
    x: round(box.x + box.width / 2 + (x - middleX) * scale),
    y: round(box.y + box.height / 2 - (y - middleY) * scale),
  });

  const operators: PDFOperator[] = [setLineCap(LineCapStyle.Round), setLineJoin(LineJoinStyle.Round)];
  let currentColor = '';
  let currentWidth = -1;
  for (const entry of strokes) {
    const color = entry.penColor ?? 'black';
    if (color !== currentColor) {
      const [red, green, blue] = parseCssColor(color);
      operators.push(setStrokingRgbColor(red, green, blue));
      currentColor = color;
    }
    const width = round(Math.min(4, Math.max(0.3, penOf(entry) * scale)));
    if (width !== currentWidth) {
      operators.push(setLineWidth(width));
      currentWidth = width;
    }
    operators.push(...strokePath(entry.points.map(toBox)), stroke());
  }
  return operators;
}

function strokePath([first, ...rest]: Point[]): PDFOperator[] {
  if (!first) return [];
  const path = [moveTo(first.x, first.y)];
  const last = rest.at(-1);
  // A tap on the pad is a dot: a zero-length segment with a round cap, nudged so every renderer draws it.
  if (!last) return [...path, lineTo(first.x + 0.01, first.y)];
  let current = first;
  for (let i = 0; i < rest.length - 1; i++) {
    const control = rest[i] as Point;
    const next = rest[i + 1] as Point;
    const end = { x: round((control.x + next.x) / 2), y: round((control.y + next.y) / 2) };
    // A quadratic curve from `current` to `end` bent towards `control`, as the cubic PDF can express.
    path.push(
      appendBezierCurve(
        round(current.x + (2 / 3) * (control.x - current.x)),
        round(current.y + (2 / 3) * (control.y - current.y)),
        round(end.x + (2 / 3) * (control.x - end.x)),
        round(end.y + (2 / 3) * (control.y - end.y)),
        end.x,
        end.y,
      ),
    );
    current = end;
  }
  path.push(lineTo(last.x, last.y));
  return path;
}

const namedColors: Record<string, [number, number, number]> = {
  black: [0, 0, 0],
  blue: [0, 0, 1],
  navy: [0, 0, 0.5],
  darkblue: [0, 0, 0.55],
  red: [1, 0, 0],
  green: [0, 0.5, 0],
};

/** The colours signature_pad is given in practice: `#rgb`, `#rrggbb`, `rgb()`/`rgba()`, a few names; else black. */
export function parseCssColor(color: string): [number, number, number] {
  const value = color.trim().toLowerCase();
  const named = namedColors[value];
  if (named) return named;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16) / 255) as [number, number, number];
  }
  const rgb = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/.exec(value);
  if (rgb) return [1, 2, 3].map((at) => Math.min(255, Number(rgb[at])) / 255) as [number, number, number];
  return [0, 0, 0];
}
