import { z } from 'zod';
import { type ErrorCode, errorCodes } from './error-codes.ts';

export const ZErrorCode = z.enum(errorCodes as [ErrorCode, ...ErrorCode[]]);
/** The catalogue's codes, as the wire carries them (the same union as error-codes.ts's ErrorCode). */
export type WireErrorCode = z.infer<typeof ZErrorCode>;

/** Every error the API returns has this shape (ARCHITECTURE "errors"; SPEC section 8). */
export const ZErrorResponse = z
  .object({
    code: ZErrorCode,
    message: z.string(),
    details: z.unknown().optional(),
    requestId: z.string(),
  })
  .meta({ id: 'ErrorResponse' });

export type ErrorResponse = z.infer<typeof ZErrorResponse>;
