import { ZAuthState } from '../auth/auth-state.ts';
import { defineRoute } from '../http/route-contract.ts';
import {
  ZAcceptInvitationRequest,
  ZAnyInvitation,
  ZAnyInvitationDetails,
  ZAnyInvitationParams,
} from './customer-invitations.ts';
import {
  ZInvitation,
  ZInvitationParams,
  ZInvitationsResponse,
  ZInviteUserRequest,
  ZUpdateInvitationRequest,
} from './users.ts';

/**
 * SPEC sections 4 and 7: user invitations (pending, cancelled, accepted). The details and accept paths are
 * not shown in the spec; they are named in its style (DECISIONS, "Paths the spec does not show").
 */
const tags = ['account users'];
const callers = ['session'] as const;

/** Sending the invitation e-mail (again): a bad stored address, no e-mail configured, at most once an hour. */
const sendErrors = ['INVALID_EMAIL', 'SEND_FAILED', 'RATE_LIMITED', 'UNEXPECTED_ERROR'] as const;

export const inviteUserRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/users/invite',
  tags,
  callers,
  summary:
    'Invite a person by e-mail into the company account: 201 with a new invitation; an address already ' +
    'invited gets its pending invitation again (200, at most once an hour)',
  body: ZInviteUserRequest,
  responses: { 200: ZInvitation, 201: ZInvitation },
  errors: ['FORBIDDEN', 'NOT_FOUND', 'PERSONAL_ACCOUNT_NO_USERS', 'ALREADY_HAS_COMPANY_ACCESS', ...sendErrors],
});

export const listInvitationsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/account/invitations',
  tags,
  callers,
  summary: "The account's invitations with their status, newest first (administrators)",
  responses: { 200: ZInvitationsResponse },
  errors: ['FORBIDDEN'],
});

export const revokeAnyInvitationRoute = defineRoute({
  method: 'PUT',
  path: '/linktinker/app/account/invitations/:id',
  tags,
  callers,
  summary: 'Revoke a pending user or customer invitation (status cancelled)',
  params: ZAnyInvitationParams,
  body: ZUpdateInvitationRequest,
  responses: { 200: ZAnyInvitation },
  // Revoking a cancelled invitation again answers it unchanged; an accepted one stays.
  errors: ['FORBIDDEN', 'NOT_FOUND', 'INVITATION_ALREADY_ACCEPTED'],
});

export const revokeInvitationRoute = defineRoute({
  method: 'DELETE',
  path: '/linktinker/app/users/:id/invite',
  tags,
  callers,
  summary: 'Revoke a pending invitation (the id is the invitation id)',
  params: ZInvitationParams,
  responses: { 200: ZInvitation },
  errors: ['FORBIDDEN', 'NOT_FOUND', 'INVITATION_ALREADY_ACCEPTED'],
});

export const remindAnyInvitationRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/account/invitations/:id/remind',
  tags,
  callers,
  summary: 'Send the invitation e-mail again (user or customer invitation): at most once an hour',
  params: ZAnyInvitationParams,
  responses: { 200: ZAnyInvitation },
  errors: ['FORBIDDEN', 'NOT_FOUND', 'INVITATION_CANCELLED', 'INVITATION_ALREADY_ACCEPTED', ...sendErrors],
});

export const findInvitationDetailsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/account/invitations/:id/details',
  tags,
  // The /register/{id} page, before anyone is signed in: the invitation id is the credential.
  callers: ['client'],
  summary: 'What the /register/{id} page shows of a pending invitation (Kind user, company or personal); no session',
  params: ZAnyInvitationParams,
  responses: { 200: ZAnyInvitationDetails },
  errors: ['NOT_FOUND', 'INVITATION_CANCELLED', 'INVITATION_ALREADY_ACCEPTED', 'RATE_LIMITED'],
});

export const acceptInvitationRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/account/invitations/:id/accept',
  tags,
  callers,
  summary:
    'The signed-in person, with the invited e-mail, joins the account (user invitation) or opens the ' +
    'customer account (company: with a completed organisation-number BankID order); 201 with a token for it',
  params: ZAnyInvitationParams,
  body: ZAcceptInvitationRequest,
  responses: { 201: ZAuthState },
  errors: [
    'FORBIDDEN',
    'NOT_FOUND',
    'INVITATION_CANCELLED',
    'INVITATION_ALREADY_ACCEPTED',
    'ALREADY_HAS_COMPANY_ACCESS',
    'ACCOUNT_EXISTS',
    // A company invitation opens the company as the add-company wizard does (company-accounts.routes.ts).
    'ACTION_CANCELLED',
    'BANKID_START_FAILED',
    'ORG_NUMBER_VERIFICATION_FAILED',
    'COMPANY_LOOKUP_FAILED',
    'INVALID_PERSONAL_NUMBER',
    'UNEXPECTED_ERROR',
  ],
});
