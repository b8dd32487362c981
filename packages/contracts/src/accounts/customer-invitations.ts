import { z } from 'zod';
import { ZClientAccessKey } from '../bankid/bankid-orders.ts';
import { invitationStatuses, ZInvitation, ZInvitationDetails } from './users.ts';

/**
 * A partner's invitations of new customer accounts (SPEC sections 2 "add customer account", 6 "partners add
 * customer accounts, see invitations", 7 `account/invite` and `account/invite/personal`). The invitee opens the
 * account themselves from the e-mail's `/register/{id}` link: a company proves its organisation number with
 * BankID, a person gets their personal account; either way the partner is recorded on the new account.
 */
export const customerInvitationKinds = ['company', 'personal'] as const;
export type CustomerInvitationKind = (typeof customerInvitationKinds)[number];

/**
 * Customer invitations share `account/invitations/{id}` with user invitations (`inv_…`), so their ids carry
 * their own prefix and the server tells the two apart by it.
 */
export const customerInvitationIdPrefix = 'cin_';
export const ZCustomerInvitationId = z.string().regex(/^cin_[A-Za-z0-9_-]{16,60}$/, 'a customer invitation id');
export type CustomerInvitationId = z.infer<typeof ZCustomerInvitationId>;

export function isCustomerInvitationId(id: string): boolean {
  return id.startsWith(customerInvitationIdPrefix);
}

/** `account/invitations/{id}` and its remind, details and accept paths: a user or a customer invitation. */
export const ZAnyInvitationParams = z.object({
  id: z.string().regex(/^(inv|cin)_[A-Za-z0-9_-]{16,60}$/, 'an invitation id'),
});
export type AnyInvitationParams = z.infer<typeof ZAnyInvitationParams>;

const ZEmailAddress = z.string().trim().min(3).max(254);
const ZCustomerName = z.string().trim().min(1).max(200);

/**
 * `POST linktinker/app/account/invite`. The organisation number is checked by the server after the country:
 * SPEC section 5, international accounts cannot be invited as company accounts (INTERNATIONAL_COMPANY_INVITE),
 * which says more to a caller than "not a Swedish organisation number". Unknown fields are refused.
 */
export const ZInviteCompanyCustomerRequest = z.strictObject({
  EmailAddress: ZEmailAddress,
  OrgNumber: z.string().trim().min(1).max(32),
  CountryCode: z
    .string()
    .regex(/^[A-Z]{2}$/, 'a country code')
    .default('SE'),
  Name: ZCustomerName.optional(),
});
export type InviteCompanyCustomerRequest = z.input<typeof ZInviteCompanyCustomerRequest>;

/** `POST linktinker/app/account/invite/personal`: a person is invited to open a personal account. */
export const ZInvitePersonalCustomerRequest = z.strictObject({
  EmailAddress: ZEmailAddress,
  Name: ZCustomerName.optional(),
});
export type InvitePersonalCustomerRequest = z.input<typeof ZInvitePersonalCustomerRequest>;

export const ZCustomerInvitation = z
  .object({
    Id: ZCustomerInvitationId,
    Kind: z.enum(customerInvitationKinds),
    Email: z.string(),
    /** The 10 digits the invitee must prove; null for a personal account. */
    OrgNumber: z.string().nullable(),
    /** The name the partner gave. */
    Name: z.string().nullable(),
    Status: z.enum(invitationStatuses),
    InvitedByName: z.string().nullable(),
    /** The account the invitee opened, once accepted. */
    CreatedAccountId: z.string().nullable(),
    CreatedAccountName: z.string().nullable(),
    /** ISO 8601, UTC. */
    CreatedAt: z.string(),
    RemindedAt: z.string().nullable(),
    DecidedAt: z.string().nullable(),
  })
  .meta({ id: 'CustomerInvitation' });
export type CustomerInvitation = z.infer<typeof ZCustomerInvitation>;

/** `GET linktinker/app/account/customerinvitations`: the partner's customer invitations, newest first. */
export const ZCustomerInvitationsResponse = z.object({ Invitations: z.array(ZCustomerInvitation) });
export type CustomerInvitationsResponse = z.infer<typeof ZCustomerInvitationsResponse>;

/** What `/register/{id}` shows of a pending customer invitation, without a session; the address is masked. */
export const ZCustomerInvitationDetails = z
  .object({
    Id: ZCustomerInvitationId,
    Kind: z.enum(customerInvitationKinds),
    PartnerName: z.string(),
    InviterName: z.string().nullable(),
    EmailAddressMasked: z.string(),
    OrgNumber: z.string().nullable(),
    Name: z.string().nullable(),
    Status: z.enum(invitationStatuses),
  })
  .meta({ id: 'CustomerInvitationDetails' });
export type CustomerInvitationDetails = z.infer<typeof ZCustomerInvitationDetails>;

/**
 * `POST account/invitations/{id}/accept`: a company invitation needs the completed organisation-number BankID
 * order of the invited company; a personal one may choose its currency. A user invitation sends nothing.
 */
export const ZAcceptInvitationRequest = z
  .strictObject({
    ClientAccessKey: ZClientAccessKey.optional(),
    Currency: z.enum(['SEK', 'EUR']).optional(),
  })
  // Fastify hands a request without a body over as null.
  .nullish();
export type AcceptInvitationRequest = z.infer<typeof ZAcceptInvitationRequest>;

/** `GET account/invitations/{id}/details` answers either kind; `Kind` tells them apart. */
export const ZAnyInvitationDetails = z.discriminatedUnion('Kind', [ZInvitationDetails, ZCustomerInvitationDetails]);
export type AnyInvitationDetails = z.infer<typeof ZAnyInvitationDetails>;

/** `PUT account/invitations/{id}` and its remind answer the invitation, of either kind. */
export const ZAnyInvitation = z.union([ZInvitation, ZCustomerInvitation]);
export type AnyInvitation = z.infer<typeof ZAnyInvitation>;
