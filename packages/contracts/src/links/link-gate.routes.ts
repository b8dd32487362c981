import { ZLinkIdParams } from '../bankid/link-bankid.ts';
import { defineRoute } from '../http/route-contract.ts';
import { linkErrors } from './link-errors.ts';
import {
  ZLinkCodeRequest,
  ZLinkCodeResponse,
  ZLinkContactCodeRequest,
  ZLinkValidateCodeRequest,
  ZLinkValidateCodeResponse,
} from './link-gate.ts';

/**
 * The SMS and e-mail gate of a link (SPEC sections 4 and 7). Recipients are guests: the link id, then the code's
 * ClientAccessKey, are all they hold. A locked gate answers ACCESS_FAILED (reason `gate-locked`).
 */
const tags = ['links'];

/** Sending a code: the gate's channel only, to a valid (or the party's own) contact, within the send limit. */
const sendCodeErrors = [
  ...linkErrors,
  'ACCESS_FAILED',
  'INVALID_PHONE',
  'INVALID_EMAIL',
  'WRONG_PHONE',
  'WRONG_EMAIL',
  'RATE_LIMITED',
  'SEND_FAILED',
] as const;

export const sendLinkSmsCodeRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/sms',
  tags,
  callers: ['link-code'],
  summary: "Send an SMS code for the link's gate (to the party's own contact when the sender gave one)",
  params: ZLinkIdParams,
  body: ZLinkCodeRequest,
  responses: { 200: ZLinkCodeResponse },
  errors: sendCodeErrors,
});

export const sendLinkEmailCodeRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/email',
  tags,
  callers: ['link-code'],
  summary: "Send an e-mail code for the link's gate (to the party's own contact when the sender gave one)",
  params: ZLinkIdParams,
  body: ZLinkCodeRequest,
  responses: { 200: ZLinkCodeResponse },
  errors: sendCodeErrors,
});

/** A contact's code needs the RequestToken of `access`, which may have run out (SESSION_EXPIRED). */
const contactCodeErrors = [...sendCodeErrors, 'SESSION_EXPIRED'] as const;

export const sendLinkSmsValidationCodeRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/validation/sms',
  tags,
  callers: ['link-code', 'request-token'],
  summary: 'Send an SMS code: for the gate with accessDocument, else to verify a contact after the gate',
  params: ZLinkIdParams,
  body: ZLinkContactCodeRequest,
  responses: { 200: ZLinkCodeResponse },
  errors: contactCodeErrors,
});

export const sendLinkEmailValidationCodeRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/validation/email',
  tags,
  callers: ['link-code', 'request-token'],
  summary: 'Send an e-mail code: for the gate with accessDocument, else to verify a contact after the gate',
  params: ZLinkIdParams,
  body: ZLinkContactCodeRequest,
  responses: { 200: ZLinkCodeResponse },
  errors: contactCodeErrors,
});

export const validateLinkCodeRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/validation/validate',
  tags,
  callers: ['link-code'],
  summary: "Check a link's SMS or e-mail code (5 wrong per code, 10 per link lock its gate)",
  params: ZLinkIdParams,
  body: ZLinkValidateCodeRequest,
  responses: { 200: ZLinkValidateCodeResponse },
  errors: [...linkErrors, 'ACCESS_FAILED', 'WRONG_CODE', 'RATE_LIMITED'],
});
