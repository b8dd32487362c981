import { z } from 'zod';
import { errorCodes } from './error-codes.ts';

export const ZErrorCode = z.enum(errorCodes as [string, ...string[]]);

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
