import { z } from 'zod';
import { defineRoute } from '../http/route-contract.ts';
import { ZPinResetBody, ZPinResetParams, ZPinResetRequest, ZPinResetSent, ZPinResetStatus } from './pin-reset.ts';

/**
 * PIN reset by link (SPEC section 7: `linktinker/account/pin/reset` and `…/{id}`; GET checks the link, POST sets the
 * PIN). No session: the link's id is the credential; one unknown, used or past its 30 minutes is PIN_RESET_EXPIRED.
 */
const tags = ['auth'];
const callers = ['client'] as const;

export const requestPinResetRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/account/pin/reset',
  tags,
  callers,
  summary: 'Send a PIN reset link by SMS or e-mail (valid 30 minutes, once)',
  body: ZPinResetRequest,
  responses: { 200: ZPinResetSent },
  // No user for the phone is NO_ACCOUNT_FOR_PHONE, for the address NOT_FOUND; over 3 links in 15 minutes is
  // RATE_LIMITED; SEND_FAILED when the channel is not set up.
  errors: ['INVALID_PHONE', 'INVALID_EMAIL', 'NO_ACCOUNT_FOR_PHONE', 'NOT_FOUND', 'SEND_FAILED', 'RATE_LIMITED'],
});

export const checkPinResetRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/account/pin/reset/:id',
  tags,
  callers,
  summary: 'Whether a PIN reset link still works',
  params: ZPinResetParams,
  responses: { 200: ZPinResetStatus },
  errors: ['PIN_RESET_EXPIRED', 'RATE_LIMITED'],
});

export const resetPinRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/account/pin/reset/:id',
  tags,
  callers,
  summary: "Set a new PIN through the link; the user's sessions end",
  params: ZPinResetParams,
  body: ZPinResetBody,
  responses: { 204: z.null() },
  errors: ['PIN_RESET_EXPIRED', 'RATE_LIMITED'],
});
