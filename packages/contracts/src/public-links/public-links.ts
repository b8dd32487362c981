import { z } from 'zod';
import { rateLimits } from '../constants.ts';
import { invitationMethods, ZSignatureIndex } from '../documents/document-model.ts';
import { ZTemplateRole } from '../templates/templates.ts';

/**
 * Public links (issue 24, part 2; SPEC section 3 "Public link: linkDocumentId, name"): a code anyone may open to
 * fill and sign their own copy of a template. Party 0 is the visitor; every other role is either fixed by the owner
 * (contact filled) or named by the visitor before the visit starts. Each visit is its own document, charged as a
 * document, and lands in the owner's inbox under the link's sub-inbox.
 */

/** The QR code's module scale for download (SPEC section 9). */
export const publicLinkQrScale = 16;
/** Visits one client address may start per link and hour; more is RATE_LIMITED (RATE_LIMIT_PUBLIC_LINK_VISITS). */
export const publicLinkVisitsPerHour = rateLimits.publicLinkVisits.limit;
/** An unfinished visit's document expires after this many hours, returning what it reserved. */
export const publicLinkVisitHours = 24;

export const publicLinkStatuses = ['active', 'disabled'] as const;
export type PublicLinkStatus = (typeof publicLinkStatuses)[number];

export const ZPublicLink = z
  .object({
    /**
     * The code, upper case; the visitor's address is `{origin}/{Id}` like an invitation's link (the entry redirect
     * makes it `#/?link={Id}`).
     */
    Id: z.string(),
    Name: z.string(),
    /** The template it was made from, while that exists. */
    TemplateId: z.string().nullable(),
    /** Its master document, which `POST publiclinks/{id}/edit` opens in the field editor. */
    DocumentId: z.string(),
    Status: z.enum(publicLinkStatuses),
    RequireBankID: z.boolean(),
    RequireSMS: z.boolean(),
    RequireEmail: z.boolean(),
    /** Role 0 is the visitor's; the others fixed (contact filled) or left to the visitor. */
    Roles: z.array(ZTemplateRole),
    IsOwner: z.boolean(),
    Visits: z.number().int().nonnegative(),
    /** Visits whose visitor signed: the sub-inbox's count. */
    Submissions: z.number().int().nonnegative(),
    Url: z.string(),
    Created: z.string(),
    Updated: z.string(),
  })
  .meta({ id: 'PublicLink' });
export type PublicLink = z.infer<typeof ZPublicLink>;

export const ZPublicLinksResponse = z.object({ PublicLinks: z.array(ZPublicLink) });
export type PublicLinksResponse = z.infer<typeof ZPublicLinksResponse>;

/** A role the owner fixes on the link: the person every visit invites for it. */
export const ZFixedRole = z.object({
  SignatureIndex: ZSignatureIndex,
  Name: z.string().trim().min(1).max(200),
  Email: z.string().trim().max(254).optional(),
  Phone: z.string().trim().max(32).optional(),
  InvitationMethod: z.enum(invitationMethods),
});
export type FixedRole = z.infer<typeof ZFixedRole>;

const gateFields = {
  RequireBankID: z.boolean().optional(),
  RequireSMS: z.boolean().optional(),
  RequireEmail: z.boolean().optional(),
};

/** `POST linktinker/publiclinks`: publish a template as a public link. */
export const ZCreatePublicLinkRequest = z.object({
  Name: z.string().trim().min(1).max(200),
  TemplateId: z.string().min(1).max(64),
  ...gateFields,
  /** Roles after the visitor's (index ≥ 1) the owner names now; the rest the visitor names. */
  FixedRoles: z.array(ZFixedRole).max(49).optional(),
});
export type CreatePublicLinkRequest = z.infer<typeof ZCreatePublicLinkRequest>;

/** `PUT publiclinks/{id}`: rename, change the gate or the fixed roles (an empty list frees every role). */
export const ZUpdatePublicLinkRequest = z.object({
  Name: z.string().trim().min(1).max(200).optional(),
  ...gateFields,
  FixedRoles: z.array(ZFixedRole).max(49).optional(),
});
export type UpdatePublicLinkRequest = z.infer<typeof ZUpdatePublicLinkRequest>;

/** `PUT publiclinks/{id}/disable`: a disabled link answers LINK_RECALLED to visitors; `Disabled: false` reopens it. */
export const ZDisablePublicLinkRequest = z.object({ Disabled: z.boolean() });
export type DisablePublicLinkRequest = z.infer<typeof ZDisablePublicLinkRequest>;

export const ZPublicLinkIdParams = z.object({ id: z.string().min(1).max(64) });
export type PublicLinkIdParams = z.infer<typeof ZPublicLinkIdParams>;

/**
 * `POST linktinker/publiclinks/{id}/visits`: start a visit. The visitor names every role not fixed (index ≥ 1) and
 * may name themselves (index 0: the name the signature and the audit trail show, a contact for their gate); the
 * document is made and charged (the owner's balance too low: RECIPIENT_INSUFFICIENT_BALANCE, nothing made), and the
 * answer is the visitor's own link code, which the page opens (its gate first). The others are invited once the
 * visitor has signed.
 */
export const ZStartVisitRequest = z.object({
  Parties: z
    .array(
      z.object({
        SignatureIndex: ZSignatureIndex,
        Name: z.string().trim().min(1).max(200),
        Email: z.string().trim().max(254).optional(),
        Phone: z.string().trim().max(32).optional(),
      }),
    )
    .max(49),
});
export type StartVisitRequest = z.infer<typeof ZStartVisitRequest>;

export const ZStartVisitResponse = z.object({ Code: z.string() });
export type StartVisitResponse = z.infer<typeof ZStartVisitResponse>;

/** `GET linktinker/settings/links`: what the link screens need to build addresses and QR codes. */
export const ZLinkSettingsResponse = z.object({
  /** `{origin}/`: a code appended gives the link's address, as in invitations (the entry redirect opens it). */
  BaseUrl: z.string(),
  QrScale: z.number().int().positive(),
  VisitsPerHour: z.number().int().positive(),
  VisitHours: z.number().int().positive(),
  CanUseTemplates: z.boolean(),
});
export type LinkSettingsResponse = z.infer<typeof ZLinkSettingsResponse>;
