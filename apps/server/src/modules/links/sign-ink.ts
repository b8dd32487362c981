import type { BrandId } from '@signlink/brands/brand-config';
import { settingsWithDefaults } from '@signlink/contracts/documents/document-model';
import type { InkStrokes, ZSignInkRequest } from '@signlink/contracts/links/sign-ink';
import type { InkSignature } from '@signlink/pdf/sealing/seal-input';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { requireLinkAccess } from './link-access-guard.ts';
import { inkSubmissionKey, type RecordSlotSignatureDeps, recordSlotSignature } from './record-slot-signature.ts';

/**
 * `POST linktinker/links/{id}/sign/ink` (issue 8, part 6): the recipient drew or typed their signature for one slot. The
 * RequestToken proves the gate; the rest is `recordSlotSignature`'s. With name clarification on, the printed name
 * is required: the owner turned it on to get a readable name beside the drawing, and the stamp prints it.
 */
export async function signWithInk(
  deps: RecordSlotSignatureDeps & { secret: string },
  input: {
    linkId: string;
    body: z.output<typeof ZSignInkRequest>;
    ipAddress: string | null;
    userAgent: string | null;
    sessionUserId: string | null;
    brand: BrandId;
  },
) {
  const { body } = input;
  const access = await requireLinkAccess(deps, input.linkId, body.RequestToken);
  const submission = inkSubmissionOf(body, access.document.settings);
  return recordSlotSignature(deps, {
    documentId: access.document.id,
    fieldAccessKeys: access.fieldAccessKeys,
    signatureIndex: body.SignatureIndex,
    method: 'ink',
    ...submission,
    formValues: body.FormValues,
    ipAddress: input.ipAddress,
    userAgent: input.userAgent,
    sessionUserId: input.sessionUserId,
    timeZoneOffsetMinutes: body.TimeZoneOffsetMinutes,
    brand: input.brand,
  });
}

/**
 * An ink signature's part of a request, as `sign/ink` and `sign/ink/id` take it: the strokes drawn or the name typed
 * (the contract lets exactly one through), the printed name when the document asks for it (the owner turned name
 * clarification on to get a readable name beside a scribble, and the stamp prints it), and the submission's key.
 */
export function inkSubmissionOf(
  body: Pick<
    z.output<typeof ZSignInkRequest>,
    | 'SignatureIndex'
    | 'InkSignatureJsonData'
    | 'TypedSignature'
    | 'CanvasWidth'
    | 'CanvasHeight'
    | 'ClarifiedName'
    | 'FormValues'
  >,
  documentSettings: Parameters<typeof settingsWithDefaults>[0],
) {
  const settings = settingsWithDefaults(documentSettings);
  const clarifiedName = settings.allowNameClarification ? body.ClarifiedName || undefined : undefined;
  if (settings.allowNameClarification && !clarifiedName) {
    throw new AppError('MANDATORY_FIELDS_MISSING', { details: { fields: ['ClarifiedName'] } });
  }
  const ink = body.InkSignatureJsonData
    ? inkSignatureOf(body.InkSignatureJsonData, body.CanvasWidth, body.CanvasHeight)
    : { typed: { text: body.TypedSignature ?? '' } };
  const named = clarifiedName ? { clarifiedName } : {};
  return {
    ink,
    ...named,
    submissionKey: inkSubmissionKey({
      signatureIndex: body.SignatureIndex,
      ink,
      formValues: body.FormValues,
      ...named,
    }),
  };
}

/**
 * What the stamp draws: the strokes' coordinates and pen, in the pad's box. signature_pad's time and pressure are
 * dropped (the stamp does not use them). Without the pad's size the strokes' own extent is the box.
 */
export function inkSignatureOf(strokes: InkStrokes, canvasWidth?: number, canvasHeight?: number): InkSignature {
  const points = strokes.flatMap((stroke) => stroke.points);
  const extent = (axis: 'x' | 'y') => Math.max(1, Math.ceil(Math.max(...points.map((point) => point[axis]))));
  return {
    width: canvasWidth ?? extent('x'),
    height: canvasHeight ?? extent('y'),
    strokes: strokes.map((stroke) => ({
      ...(stroke.penColor !== undefined ? { penColor: stroke.penColor } : {}),
      ...(stroke.minWidth !== undefined ? { minWidth: stroke.minWidth } : {}),
      ...(stroke.maxWidth !== undefined ? { maxWidth: stroke.maxWidth } : {}),
      points: stroke.points.map((point) => ({ x: point.x, y: point.y })),
    })),
  };
}
