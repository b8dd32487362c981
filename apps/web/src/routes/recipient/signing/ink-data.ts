import type { InkStrokes, SignInkRequest } from '@signlink/contracts/links/sign-ink';
import { inkLimits } from '@signlink/contracts/links/sign-ink';
import type { PointGroup } from 'signature_pad';

/** What the sign/ink call carries of a drawing (ZSignInkRequest): the strokes as JSON text and the pad's size. */
export type InkSubmission = Required<Pick<SignInkRequest, 'InkSignatureJsonData' | 'CanvasWidth' | 'CanvasHeight'>>;

/** What the sign/ink call carries of a signature: a drawing, or the name typed in its place. */
export type SignatureSubmission = InkSubmission | Required<Pick<SignInkRequest, 'TypedSignature'>>;

const tenth = (value: number) => Math.round(value * 10) / 10;

/**
 * signature_pad's `toData()` as the server's ZInkStrokes: coordinates in the pad's CSS pixels to a tenth (finer than
 * any finger), pressure kept for the pen width, time dropped (the stamp does not use it), empty strokes left out.
 * Null when nothing is drawn or the drawing exceeds inkLimits, which the server would refuse.
 */
export function inkSubmissionOf(
  groups: readonly PointGroup[],
  size: { width: number; height: number },
): InkSubmission | null {
  const strokes: InkStrokes = groups
    .filter((group) => group.points.length > 0)
    .map((group) => ({
      penColor: group.penColor,
      minWidth: group.minWidth,
      maxWidth: group.maxWidth,
      points: group.points.map((point) => ({
        x: tenth(point.x),
        y: tenth(point.y),
        ...(Number.isFinite(point.pressure) ? { pressure: Math.min(Math.max(point.pressure, 0), 1) } : {}),
      })),
    }));
  if (strokes.length === 0 || strokes.length > inkLimits.maxStrokes) return null;
  const pointCount = strokes.reduce((sum, stroke) => sum + stroke.points.length, 0);
  if (pointCount > inkLimits.maxPoints) return null;
  const json = JSON.stringify(strokes);
  if (json.length > inkLimits.maxJsonChars) return null;
  return {
    InkSignatureJsonData: json,
    CanvasWidth: Math.min(Math.max(Math.round(size.width), 1), inkLimits.maxCanvasSize),
    CanvasHeight: Math.min(Math.max(Math.round(size.height), 1), inkLimits.maxCanvasSize),
  };
}

/** The drawing without its last stroke (the dialog's Undo). */
export function withoutLastStroke(groups: readonly PointGroup[]): PointGroup[] {
  return groups.slice(0, -1);
}
