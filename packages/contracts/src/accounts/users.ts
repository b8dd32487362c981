import { z } from 'zod';
import { roleCodes } from '../auth/roles.ts';

/**
 * An account's users and their invitations (SPEC sections 4, 5, 6 and 7 "Accounts"): only administrators
 * manage them. An invitation is pending, then cancelled (revoked) or accepted, never back.
 */
export const invitationStatuses = ['pending', 'cancelled', 'accepted'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/** SPEC section 6: 2 administrator, 5 regular user, 11 contributor, 12 read only. */
export const ZRoleCode = z.literal(roleCodes);
export type RoleCode = z.infer<typeof ZRoleCode>;

/** Our ids are a short prefix and 128 random bits (`inv_…`); older or seeded ids stay within this shape. */
const ZId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'an id');
export const ZInvitationId = z.string().regex(/^inv_[A-Za-z0-9_-]{16,60}$/, 'an invitation id');
export type InvitationId = z.infer<typeof ZInvitationId>;

export const ZInvitationParams = z.object({ id: ZInvitationId });
export type InvitationParams = z.infer<typeof ZInvitationParams>;
export const ZUserParams = z.object({ id: ZId });
export type UserParams = z.infer<typeof ZUserParams>;
export const ZUserRoleParams = z.object({ userId: ZId });
export type UserRoleParams = z.infer<typeof ZUserRoleParams>;

/** One member of the account. `Email` is absent for a user who signed up by BankID or phone only. */
export const ZAccountUser = z
  .object({
    UserId: z.string(),
    Name: z.string(),
    Email: z.string().nullable(),
    Role: ZRoleCode,
    /** The caller: the web app keeps them from removing themselves by accident. */
    IsYou: z.boolean(),
  })
  .meta({ id: 'AccountUser' });
export type AccountUser = z.infer<typeof ZAccountUser>;

export const ZInvitation = z
  .object({
    Id: ZInvitationId,
    Email: z.string(),
    Role: ZRoleCode,
    Status: z.enum(invitationStatuses),
    /** The user who accepted it; null until then. */
    UserId: z.string().nullable(),
    InvitedByName: z.string().nullable(),
    /** ISO 8601, UTC. */
    CreatedAt: z.string(),
    /** When the e-mail was last sent again, by a reminder or a repeated invite. */
    RemindedAt: z.string().nullable(),
    /** When it was cancelled or accepted. */
    DecidedAt: z.string().nullable(),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof ZInvitation>;

/** `GET account/users`: the members, and the invitations still pending. */
export const ZAccountUsersResponse = z.object({
  Users: z.array(ZAccountUser),
  Invitations: z.array(ZInvitation),
});
export type AccountUsersResponse = z.infer<typeof ZAccountUsersResponse>;

/** `GET account/invitations`: every invitation of the account, newest first, with its status. */
export const ZInvitationsResponse = z.object({ Invitations: z.array(ZInvitation) });
export type InvitationsResponse = z.infer<typeof ZInvitationsResponse>;

/**
 * `POST users/invite`. The address is checked by the server (SPEC section 8: INVALID_EMAIL). Inviting an
 * address that has a pending invitation sends that one again, under the reminder limit, and answers it with
 * 200 (a new invitation answers 201); its role stays: revoke and invite again to change it.
 */
export const ZInviteUserRequest = z.object({
  email: z.string().trim().min(3).max(254),
  role: ZRoleCode,
});
export type InviteUserRequest = z.infer<typeof ZInviteUserRequest>;

/** `PUT account/invitations/{id}`: the only change is revoking a pending invitation. */
export const ZUpdateInvitationRequest = z.object({ status: z.literal('cancelled') });
export type UpdateInvitationRequest = z.infer<typeof ZUpdateInvitationRequest>;

/** `PUT users/{userId}/role`. */
export const ZChangeRoleRequest = z.object({ role: ZRoleCode });
export type ChangeRoleRequest = z.infer<typeof ZChangeRoleRequest>;

/**
 * `GET account/invitations/{id}/details`, without a session: what the `/register/{id}` page shows before
 * the person logs in or signs up. Only a pending invitation is shown; the address is masked.
 */
export const ZInvitationDetails = z
  .object({
    Id: ZInvitationId,
    /** A user invitation; a partner's customer invitation says 'company' or 'personal' (customer-invitations.ts). */
    Kind: z.literal('user'),
    CompanyName: z.string(),
    InviterName: z.string().nullable(),
    EmailAddressMasked: z.string(),
    Role: ZRoleCode,
    Status: z.enum(invitationStatuses),
  })
  .meta({ id: 'InvitationDetails' });
export type InvitationDetails = z.infer<typeof ZInvitationDetails>;
