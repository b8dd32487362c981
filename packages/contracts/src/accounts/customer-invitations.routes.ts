import { defineRoute } from '../http/route-contract.ts';
import {
  ZCustomerInvitation,
  ZCustomerInvitationsResponse,
  ZInviteCompanyCustomerRequest,
  ZInvitePersonalCustomerRequest,
} from './customer-invitations.ts';

/**
 * SPEC sections 6 and 7: a partner's administrators invite customer accounts. Revoke, remind, details and
 * accept share `account/invitations/{id}` with user invitations (invitations.routes.ts). The list's path is
 * not shown in the spec; it is named in its style (DECISIONS, "Paths the spec does not show").
 */
const tags = ['customer accounts'];
const callers = ['session'] as const;

/** What inviting can answer: a non-partner or non-administrator, a bad address, the e-mail not sent. */
const inviteErrors = ['FORBIDDEN', 'NOT_FOUND', 'INVALID_EMAIL', 'SEND_FAILED', 'UNEXPECTED_ERROR'] as const;

export const inviteCompanyCustomerRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/account/invite',
  tags,
  callers,
  summary:
    'Invite a Swedish company to open a customer account (partner administrators): 201 new; an address ' +
    'already invited for the company gets its pending invitation again (200, at most once an hour)',
  body: ZInviteCompanyCustomerRequest,
  responses: { 200: ZCustomerInvitation, 201: ZCustomerInvitation },
  errors: [...inviteErrors, 'INTERNATIONAL_COMPANY_INVITE'],
});

export const invitePersonalCustomerRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/account/invite/personal',
  tags,
  callers,
  summary: 'Invite a person to open a personal customer account (partner administrators): 201, or 200 again',
  body: ZInvitePersonalCustomerRequest,
  responses: { 200: ZCustomerInvitation, 201: ZCustomerInvitation },
  errors: inviteErrors,
});

export const listCustomerInvitationsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/account/customerinvitations',
  tags,
  callers,
  summary: "The partner's customer invitations with their status, newest first (partner administrators)",
  responses: { 200: ZCustomerInvitationsResponse },
  errors: ['FORBIDDEN'],
});
