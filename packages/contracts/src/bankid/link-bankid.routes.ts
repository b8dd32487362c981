import { z } from 'zod';
import { defineRoute } from '../http/route-contract.ts';
import { linkErrors, requestTokenErrors, slotSigningErrors } from '../links/link-errors.ts';
import { ZSignLinkBankIdRequest, ZSignLinkBankIdResponse, ZStartLinkSignatureRequest } from '../links/sign-bankid.ts';
import { ZBankIdRefreshResponse, ZStartBankIdResponse } from './bankid-orders.ts';
import {
  ZLinkBankIdOrderParams,
  ZLinkIdParams,
  ZStartLinkBankIdRequest,
  ZValidateLinkOrgNumberRequest,
  ZValidateLinkOrgNumberResponse,
} from './link-bankid.ts';

/**
 * The recipient side's BankID endpoints (SPEC section 7). Recipients are guests: the link id, then the order's
 * ClientAccessKey, are what they hold, and an order made for one link is unknown to every other.
 */
const tags = ['bankid'];

/** A completed order's identity: the order must be this link's and settled, and its person readable. */
const settledOrderErrors = ['NOT_FOUND', 'ACTION_CANCELLED', 'BANKID_START_FAILED', 'INVALID_PERSONAL_NUMBER'] as const;

export const startLinkBankIdOrderRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/bankid',
  tags,
  callers: ['link-code'],
  summary: 'Start a BankID order to open the link (its BankID gate)',
  params: ZLinkIdParams,
  body: ZStartLinkBankIdRequest,
  responses: { 200: ZStartBankIdResponse },
  errors: [...linkErrors, 'BANKID_START_FAILED', 'RATE_LIMITED'],
});

export const startLinkSignatureOrderRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/validation/bankid',
  tags,
  callers: ['request-token'],
  summary: "Start a BankID order that signs the link's document",
  params: ZLinkIdParams,
  // A signature order may name its slot (checked before the person signs in the app).
  body: ZStartLinkSignatureRequest,
  responses: { 200: ZStartBankIdResponse },
  errors: [...slotSigningErrors, 'BANKID_START_FAILED'],
});

export const startLinkOrgNumberOrderRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/validation/orgnumber/bankid',
  tags,
  callers: ['link-code'],
  summary: 'Start a BankID order to prove the right to act for an organisation on this link',
  params: ZLinkIdParams,
  body: ZStartLinkBankIdRequest,
  responses: { 200: ZStartBankIdResponse },
  errors: [...linkErrors, 'BANKID_START_FAILED', 'RATE_LIMITED'],
});

export const refreshLinkBankIdOrderRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/links/:id/bankid/:clientAccessKey',
  tags,
  callers: ['link-code'],
  summary: "A link order's state and this second's QR code",
  params: ZLinkBankIdOrderParams,
  responses: { 200: ZBankIdRefreshResponse },
  errors: [...linkErrors, 'NOT_FOUND', 'BANKID_START_FAILED', 'RATE_LIMITED'],
});

export const cancelLinkBankIdOrderRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/bankid/:clientAccessKey/cancel',
  tags,
  callers: ['link-code'],
  summary: "Cancel a link's pending order (the recipient pressed cancel)",
  params: ZLinkBankIdOrderParams,
  responses: { 204: z.null() },
  errors: ['RATE_LIMITED'],
});

export const signLinkWithBankIdRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/validation/validate/bankid',
  tags,
  // The order was started with the RequestToken, and signing checks it again.
  callers: ['request-token'],
  summary: "A completed signature order signs its slot: the BankID person is kept and the slot's signature recorded",
  params: ZLinkIdParams,
  body: ZSignLinkBankIdRequest,
  responses: { 200: ZSignLinkBankIdResponse },
  errors: [...settledOrderErrors, ...requestTokenErrors, ...slotSigningErrors],
});

export const validateLinkOrgNumberOrderRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/validation/validate/orgnumber/bankid',
  tags,
  callers: ['link-code'],
  summary: "The recipient's organisation, checked against the company registry",
  params: ZLinkIdParams,
  body: ZValidateLinkOrgNumberRequest,
  responses: { 200: ZValidateLinkOrgNumberResponse },
  errors: [
    ...linkErrors,
    ...settledOrderErrors,
    'ORG_NUMBER_VERIFICATION_FAILED',
    'COMPANY_LOOKUP_FAILED',
    'RATE_LIMITED',
  ],
});
