import { z } from 'zod';
import { currencies } from '../constants.ts';
import { accessLevels, invitationMethods, signatureTypes, ZDocumentSettings } from './document-model.ts';
import { documentStatuses } from './document-status.ts';
import { ZPartyIdDocument } from './party-id-document.ts';

/**
 * The sender's lists and overview (issue 6, parts 6 and 7; SPEC section 7 `linktinker/errands`). "Errand" is the
 * spec's word for a sent document.
 */
export const documentBoxes = ['sent', 'archived', 'inbox'] as const;
export const documentSorts = ['latest-activity', 'oldest-activity', 'name', 'created', 'status'] as const;

export const ZDocumentsQuery = z.object({
  box: z.enum(documentBoxes).default('sent'),
  status: z.enum(documentStatuses).optional(),
  /** SPEC section 2: all days, or sent at least 7, 14 or 30 days ago. */
  olderThanDays: z.coerce
    .number()
    .int()
    .refine((days) => [7, 14, 30].includes(days))
    .optional(),
  search: z.string().trim().max(200).optional(),
  sort: z.enum(documentSorts).default('latest-activity'),
  handled: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  subInboxId: z.string().optional(),
});
export type DocumentsQuery = z.infer<typeof ZDocumentsQuery>;

export const historyEventTypes = [
  'created',
  'sent',
  'opened',
  'signed',
  'paid',
  'reminder',
  'contact-corrected',
  'completed-and-sealed',
  'withdrawn',
  'automatic-expiration',
  'attachment-uploaded',
  'delivery-failed',
  'archived',
  'unarchived',
  'handled',
  'access-level-changed',
  'deleted',
  // Issue 8, parts 7 and 8: a recipient's form and attachments.
  'form-saved',
  'form-submitted',
  'form-shared',
  'form-approved',
  'form-denied',
  'attachment-deleted',
  // Issue 7, part 5: sealing gave up (the owner sees "error"), and the owner started it again.
  'seal-failed',
  'seal-retried',
  // Issue 25: a Sign & Pay payment that arrived after its document was withdrawn went back to the payer.
  'payment-refunded',
] as const;

export const ZDocumentParty = z.object({
  Id: z.string(),
  SignatureIndex: z.number().int(),
  Name: z.string(),
  Email: z.string().nullable(),
  Phone: z.string().nullable(),
  InvitationMethod: z.enum(invitationMethods),
  SignatureType: z.enum(signatureTypes),
  GetPaid: z.boolean(),
  Signed: z.boolean(),
  SignedAt: z.string().nullable(),
  Paid: z.boolean(),
  /** Sign & Pay: when the party paid (ISO 8601, UTC). */
  PaidAt: z.string().nullable(),
  Opened: z.boolean(),
  /** Worst news first: bounced, queued, sent, delivered; none before anything was sent. */
  Delivery: z.enum(['none', 'queued', 'sent', 'delivered', 'bounced']),
  RemindersLeft: z.number().int().nonnegative(),
  ContactUpdatesLeft: z.number().int().nonnegative(),
});
export type DocumentParty = z.infer<typeof ZDocumentParty>;

export const ZDocumentSummary = z
  .object({
    Id: z.string(),
    Name: z.string(),
    Status: z.enum(documentStatuses),
    Handled: z.boolean(),
    Archived: z.boolean(),
    AccessLevel: z.enum(accessLevels),
    IsLate: z.boolean(),
    Owner: z.object({ UserId: z.string().nullable(), Name: z.string() }),
    IsOwn: z.boolean(),
    CanManage: z.boolean(),
    /** The caller owns it and may hold the parties' links (copy one, have one sent); colleagues never do. */
    CanShare: z.boolean(),
    Created: z.string(),
    Sent: z.string().nullable(),
    Updated: z.string(),
    LatestEvent: z.object({ Type: z.enum(historyEventTypes), At: z.string() }).nullable(),
    SignedCount: z.number().int(),
    PartyCount: z.number().int(),
    Parties: z.array(ZDocumentParty),
  })
  .meta({ id: 'ErrandSummary' });
export type DocumentSummary = z.infer<typeof ZDocumentSummary>;

export const ZDocumentsResponse = z.object({
  Errands: z.array(ZDocumentSummary),
  Total: z.number().int(),
  Page: z.number().int(),
  PageSize: z.number().int(),
});
export type DocumentsResponse = z.infer<typeof ZDocumentsResponse>;

/** `GET linktinker/errands/count`: what the menu and dashboard show. */
export const ZDocumentsCountResponse = z.object({
  Sent: z.number().int(),
  AwaitingSignatures: z.number().int(),
  /** Sign & Pay (issue 25): signed documents whose payment is still to come (also counted as awaiting). */
  AwaitingPayment: z.number().int(),
  Late: z.number().int(),
  Archived: z.number().int(),
  Inbox: z.number().int(),
  Unhandled: z.number().int(),
});
export type DocumentsCountResponse = z.infer<typeof ZDocumentsCountResponse>;

export const ZHistoryEvent = z.object({
  Type: z.enum(historyEventTypes),
  At: z.string(),
  PartyId: z.string().nullable(),
  PartyName: z.string().nullable(),
  /** Event details that are safe to show the document's viewers (channel, old and new contact, reason). */
  Details: z.record(z.string(), z.unknown()),
});
export type HistoryEvent = z.infer<typeof ZHistoryEvent>;

/**
 * A party on the document's page: also the name the signer proved with BankID, when they signed that way, so the
 * sender sees a signature by someone other than the named party (`isSameSignerName`) without opening the audit trail;
 * likewise the name an ID scan read from the signer's identity document.
 */
export const ZDocumentDetailParty = ZDocumentParty.extend({
  VerifiedName: z.string().nullable(),
  /** Types 5 and 6: the identity document the signature rests on; null before signing and for other types. */
  IdDocument: ZPartyIdDocument.nullable(),
});
export type DocumentDetailParty = z.infer<typeof ZDocumentDetailParty>;

export const ZDocumentDetail = ZDocumentSummary.extend({
  Parties: z.array(ZDocumentDetailParty),
  Settings: ZDocumentSettings,
  Message: z.string(),
  Language: z.string(),
  Files: z.array(z.object({ Id: z.string(), Title: z.string(), PageCount: z.number().int() })),
  History: z.array(ZHistoryEvent),
  Links: z.array(
    z.object({
      /** The link's code: only in the owner's answer (CanShare), as it is the party's credential. */
      Code: z.string().optional(),
      PartyId: z.string(),
      Status: z.enum(['active', 'withdrawn', 'revoked']),
    }),
  ),
  ReservedMinor: z.number().int().nonnegative(),
  Currency: z.enum(currencies).nullable(),
}).meta({ id: 'ErrandDetail' });
export type DocumentDetail = z.infer<typeof ZDocumentDetail>;

// Actions (SPEC section 7: PUT /errands/{id}/handled, /accesslevel, /disable, /archive, /contactdetails; DELETE; POST
// /sendreminders, /duplicate).
export const ZHandledRequest = z.object({ Handled: z.boolean() });
export type HandledRequest = z.infer<typeof ZHandledRequest>;
export const ZAccessLevelRequest = z.object({ AccessLevel: z.enum(accessLevels) });
export type AccessLevelRequest = z.infer<typeof ZAccessLevelRequest>;
export const ZArchiveRequest = z.object({ restore: z.boolean().optional() });
export type ArchiveRequest = z.infer<typeof ZArchiveRequest>;
export const ZContactDetailsRequest = z.object({
  PartyId: z.string(),
  Email: z.string().trim().max(254).optional(),
  Phone: z.string().trim().max(32).optional(),
  InvitationMethod: z.enum(invitationMethods).optional(),
});
export type ContactDetailsRequest = z.infer<typeof ZContactDetailsRequest>;
export const ZDeleteDocumentRequest = z.object({ ownDocumentOnly: z.boolean().optional() });
export type DeleteDocumentRequest = z.infer<typeof ZDeleteDocumentRequest>;
/** All parties who have not signed, or the listed ones. */
export const ZSendRemindersRequest = z.object({ PartyIds: z.array(z.string()).max(50).optional() });
export type SendRemindersRequest = z.infer<typeof ZSendRemindersRequest>;
export const ZSendRemindersResponse = z.object({ Reminded: z.array(z.string()) });
export type SendRemindersResponse = z.infer<typeof ZSendRemindersResponse>;
export const ZDuplicateResponse = z.object({ ProjectId: z.string() });
export type DuplicateResponse = z.infer<typeof ZDuplicateResponse>;
/** `PUT /errands/{id}/disable`: what returned to the balance (withdrawing again changes nothing and returns 0). */
export const ZWithdrawResponse = z.object({
  DocumentId: z.string(),
  ReleasedMinor: z.number().int().nonnegative(),
  Currency: z.enum(currencies).nullable(),
});
export type WithdrawResponse = z.infer<typeof ZWithdrawResponse>;
/** `PUT /errands/{id}/contactdetails`: the party's new link (the old one is revoked) and the corrections left. */
export const ZContactDetailsResponse = z.object({
  PartyId: z.string(),
  Code: z.string(),
  ContactUpdatesLeft: z.number().int().nonnegative(),
});
export type ContactDetailsResponse = z.infer<typeof ZContactDetailsResponse>;

/**
 * `GET linktinker/subinboxes`: the inbox's sub-inboxes (public-link submissions grouped per public link). Public
 * links arrive in a later issue; until then the list is empty.
 */
export const ZSubInbox = z.object({ Id: z.string(), Name: z.string(), Count: z.number().int().nonnegative() });
export type SubInbox = z.infer<typeof ZSubInbox>;
export const ZSubInboxesResponse = z.object({ SubInboxes: z.array(ZSubInbox) });
export type SubInboxesResponse = z.infer<typeof ZSubInboxesResponse>;

/** `GET linktinker/errands/search/formfields`: field values a search can match, by field name. */
export const ZSearchFormFieldsResponse = z.object({ FieldNames: z.array(z.string()) });
export type SearchFormFieldsResponse = z.infer<typeof ZSearchFormFieldsResponse>;
