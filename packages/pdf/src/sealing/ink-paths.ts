import {
  LineCapStyle,
  LineJoinStyle,
  PDFOperator,
  PDFOperatorNames,
  setLineCap,
  setLineJoin,
  setLineWidth,
  setStrokingRgbColor,
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
/** Two decimals, written from integers: formatting floats was the larger part of building a path. */
function formatNumber(value: number): string {
  const hundredths = Math.round(value * 100);
  const magnitude = Math.abs(hundredths);
  const whole = Math.floor(magnitude / 100);
  const fraction = magnitude % 100;
  const sign = hundredths < 0 ? '-' : '';
  if (fraction === 0) return `${sign}${whole}`;
  return `${sign}${whole}.${fraction < 10 ? '0' : ''}${fraction % 10 === 0 ? fraction / 10 : fraction}`;
}
/** What a point may move when a stroke is simplified, in points on the page: well under a printer's dot. */
const simplifyTolerance = 0.08;

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
    x: box.x + box.width / 2 + (x - middleX) * scale,
    y: box.y + box.height / 2 - (y - middleY) * scale,
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
    operators.push(strokePath(simplify(entry.points.map(toBox), simplifyTolerance)));
  }
  return operators;
}

/**
 * One stroke as a single operator whose argument is the path itself (pdf-lib writes string arguments as they
 * are): a signature has hundreds of points, and an operator object per segment made stamping several times
 * slower than the whole rest of it.
 */
function strokePath([first, ...rest]: Point[]): PDFOperator {
  if (!first) return PDFOperator.of(PDFOperatorNames.EndPath);
  const f = formatNumber;
  let path = `${f(first.x)} ${f(first.y)} m`;
  const last = rest.at(-1);
  // A tap on the pad is a dot: a zero-length segment with a round cap, nudged so every renderer draws it.
  if (!last) return PDFOperator.of(PDFOperatorNames.StrokePath, [`${path} ${f(first.x + 0.01)} ${f(first.y)} l`]);
  let current = first;
  for (let i = 0; i < rest.length - 1; i++) {
    const control = rest[i] as Point;
    const next = rest[i + 1] as Point;
    const end = { x: (control.x + next.x) / 2, y: (control.y + next.y) / 2 };
    // A quadratic curve from `current` to `end` bent towards `control`, as the cubic PDF can express.
    const c1x = current.x + (2 / 3) * (control.x - current.x);
    const c1y = current.y + (2 / 3) * (control.y - current.y);
    const c2x = end.x + (2 / 3) * (control.x - end.x);
    const c2y = end.y + (2 / 3) * (control.y - end.y);
    path += `\n${f(c1x)} ${f(c1y)} ${f(c2x)} ${f(c2y)} ${f(end.x)} ${f(end.y)} c`;
    current = end;
  }
  return PDFOperator.of(PDFOperatorNames.StrokePath, [`${path}\n${f(last.x)} ${f(last.y)} l\n`]);
}

/**
 * Ramer–Douglas–Peucker: drops the points that lie within `tolerance` of the line through their neighbours.
 * The pad records a point every few pixels; most are redundant once the drawing is scaled into a field, and
 * fewer points mean less to format and compress.
 */
export function simplify(points: Point[], tolerance: number): Point[] {
  if (points.length < 3) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const ranges: [number, number][] = [[0, points.length - 1]];
  for (let range = ranges.pop(); range; range = ranges.pop()) {
    const [from, to] = range;
    const a = points[from] as Point;
    const b = points[to] as Point;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const length = Math.hypot(dx, dy);
    let farthest = -1;
    let distance = tolerance;
    for (let i = from + 1; i < to; i++) {
      const p = points[i] as Point;
      const d =
        length === 0 ? Math.hypot(p.x - a.x, p.y - a.y) : Math.abs(dy * (p.x - a.x) - dx * (p.y - a.y)) / length;
      if (d > distance) {
        distance = d;
        farthest = i;
      }
    }
    if (farthest < 0) continue;
    keep[farthest] = 1;
    ranges.push([from, farthest], [farthest, to]);
  }
  return points.filter((_, index) => keep[index] === 1);
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
