import { z } from 'zod';
import { ZRequestToken } from '../bankid/link-bankid.ts';
import { ZSignatureIndex } from '../documents/document-model.ts';

/**
 * Ours: bounds on what signature_pad's `toData()` may weigh. A hand-drawn signature is tens of strokes and a few
 * hundred points (about 70 bytes each with time and pressure); these leave room for a long name drawn slowly and
 * refuse a script that posts megabytes of points for the stamp to draw.
 */
export const inkLimits = {
  maxJsonChars: 400_000,
  maxStrokes: 200,
  maxPointsPerStroke: 5_000,
  maxPoints: 20_000,
  /** CSS pixels: the pad's size on any screen, and how far a point may stray outside it. */
  maxCanvasSize: 4_000,
  maxCoordinate: 10_000,
} as const;

const ZCoordinate = z.number().min(-inkLimits.maxCoordinate).max(inkLimits.maxCoordinate);

/** One point as signature_pad records it; zod's number refuses NaN and Infinity. */
export const ZInkPoint = z.object({
  x: ZCoordinate,
  y: ZCoordinate,
  time: z.number().optional(),
  pressure: z.number().min(0).max(1).optional(),
});
export type InkPoint = z.infer<typeof ZInkPoint>;

export const ZInkStroke = z.object({
  penColor: z.string().max(64).optional(),
  minWidth: z.number().min(0).max(50).optional(),
  maxWidth: z.number().min(0).max(50).optional(),
  points: z.array(ZInkPoint).min(1).max(inkLimits.maxPointsPerStroke),
});
export type InkStroke = z.infer<typeof ZInkStroke>;

export const ZInkStrokes = z
  .array(ZInkStroke)
  .min(1, 'an empty signature')
  .max(inkLimits.maxStrokes)
  .refine((strokes) => strokes.reduce((sum, stroke) => sum + stroke.points.length, 0) <= inkLimits.maxPoints, {
    message: `at most ${inkLimits.maxPoints} points`,
  });
export type InkStrokes = z.infer<typeof ZInkStrokes>;

/** SPEC `InkSignatureJsonData`: the pad's `toData()` as JSON text, parsed and bounded here. */
export const ZInkSignatureJson = z
  .string()
  .max(inkLimits.maxJsonChars)
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'not JSON' });
      return z.NEVER;
    }
  })
  .pipe(ZInkStrokes);
export type InkSignatureJson = z.infer<typeof ZInkSignatureJson>;

/** Values of the slot's own placed fields, by field name (`Text[1].2`): text and date as text, a checkbox as a boolean. */
export const ZSlotFormValues = z
  .record(z.string().min(1).max(120), z.union([z.string().max(2000), z.boolean()]))
  .refine((values) => Object.keys(values).length <= 500, { message: 'too many fields' });
export type SlotFormValues = z.infer<typeof ZSlotFormValues>;

const ZCanvasSize = z.number().positive().max(inkLimits.maxCanvasSize);

/** The browser's offset from UTC (SPEC: TimeZoneOffsetMinutes); times stay UTC. */
export const ZTimeZoneOffsetMinutes = z
  .number()
  .int()
  .min(-14 * 60)
  .max(14 * 60);
export type TimeZoneOffsetMinutes = z.infer<typeof ZTimeZoneOffsetMinutes>;

/**
 * Ours: a typed signature is a name, not a paragraph. 100 characters hold the longest real names with room to
 * spare and still fit a signature slot in the handwriting font.
 */
export const typedSignatureMaxChars = 100;

/**
 * Control characters (tabs, line breaks, NUL…), line and paragraph separators, and the bidirectional overrides and
 * isolates, which would make the stamped name read differently from what was typed.
 */
const hiddenCharacters = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/** A signature typed instead of drawn (for keyboard, switch and screen-reader users): the signer's name as typed. */
export const ZTypedSignature = z
  .string()
  .trim()
  .min(1, 'an empty signature')
  .max(typedSignatureMaxChars)
  .refine((text) => !hiddenCharacters.test(text), { message: 'control characters' });
export type TypedSignature = z.infer<typeof ZTypedSignature>;

/**
 * `POST linktinker/links/{id}/sign/ink` (SPEC section 7; issue 8, part 6): one ink signature for one slot, with the
 * values of the slot's fields. It answers with the signing state (`ZLinkStatusResponse`). The signature is either
 * drawn (`InkSignatureJsonData`, with the pad's size so the stamp keeps the drawing's proportions and margins;
 * without it, the strokes' own extent is used) or typed (`TypedSignature`), never both.
 */
export const ZSignInkRequest = z
  .object({
    SignatureIndex: ZSignatureIndex,
    AllowServerSubmit: z.boolean().default(false),
    RequestToken: ZRequestToken,
    InkSignatureJsonData: ZInkSignatureJson.optional(),
    TypedSignature: ZTypedSignature.optional(),
    CanvasWidth: ZCanvasSize.optional(),
    CanvasHeight: ZCanvasSize.optional(),
    TimeZoneOffsetMinutes: ZTimeZoneOffsetMinutes.default(0),
    /**
     * The signer's name in print. Required when the document allows name clarification (the owner turned it on to
     * get a readable name next to a scribble); ignored otherwise, and the party's name is the signer's.
     */
    ClarifiedName: z.string().trim().max(200).optional(),
    FormValues: ZSlotFormValues.default({}),
  })
  .refine((body) => (body.InkSignatureJsonData === undefined) !== (body.TypedSignature === undefined), {
    message: 'a drawn or a typed signature, one of them',
    path: ['TypedSignature'],
  });
export type SignInkRequest = z.input<typeof ZSignInkRequest>;
