import { z } from 'zod';
import { ZClientAccessKey } from '../bankid/bankid-orders.ts';
import { ZLinkId, ZRequestToken } from '../bankid/link-bankid.ts';
import { ZFileRules, ZSignatureIndex } from '../documents/document-model.ts';

/**
 * `POST linktinker/links/{linkID}/access` (SPEC sections 3 and 7, issue 8 part 4): a recipient who passed the link's
 * gate gets the document's files with their rules, their own fieldAccessKeys, and a short-lived `RequestToken` bound to
 * this link and gate, which every later call of the recipient side carries (sign, file, status, attachments…).
 *
 * The gate is proved by the key of what the recipient completed: an SMS or e-mail code checked at
 * `links/{id}/validation/validate`, or a BankID order for the link's gate. A link that asks for no gate opens with none.
 */
export const ZLinkAccessRequest = z.object({
  linkID: ZLinkId.optional(),
  /** SPEC "rules flag": include each file's rules (fields and access map). */
  rules: z.boolean().default(true),
  BankIdClientAccessKey: ZClientAccessKey.optional(),
  SmsClientAccessKey: ZClientAccessKey.optional(),
  EmailClientAccessKey: ZClientAccessKey.optional(),
});
export type LinkAccessRequest = z.input<typeof ZLinkAccessRequest>;

/** The path's parameter is spelled `linkID` here and on `access/report`, as SPEC section 7 has it. */
export const ZLinkAccessParams = z.object({ linkID: ZLinkId });
export type LinkAccessParams = z.input<typeof ZLinkAccessParams>;

/** How the recipient got in; the token names it, so an SMS-gated link never opens with an e-mail proof. */
export const linkGates = ['none', 'bankid', 'sms', 'email'] as const;
export type LinkGate = (typeof linkGates)[number];

/** SPEC section 3, signature object: 1 BankID, 4 ink, 5 ink with ID, 6 ID with live check. */
export const signatureTypeCodes = { bankid: 1, 'e-signature': 4, 'id-e-signature': 5, 'live-id': 6 } as const;
export const ZSignatureTypeCode = z.union([z.literal(1), z.literal(4), z.literal(5), z.literal(6)]);
export type SignatureTypeCode = z.infer<typeof ZSignatureTypeCode>;

export const ZLinkSignatureSlot = z.object({
  index: ZSignatureIndex,
  type: ZSignatureTypeCode,
  /** Default "Sign {index}" in the document's language (SPEC section 3). */
  label: z.string(),
  /** The sender wrote no label: `label` is the default, and a reader's page says it in the reader's own language. */
  hasDefaultLabel: z.boolean(),
  /** Whether this recipient may use the slot: one of their fieldAccessKeys matches, or the slot has no entry. */
  access: z.boolean(),
  /** Placed field ids of this slot, across the files. */
  fields: z.array(z.string()),
  signed: z.boolean(),
  signedAt: z.iso.datetime().nullable(),
  nameClarificationIsConfirmed: z.boolean(),
  clarifiedName: z.string().nullable(),
  paid: z.boolean(),
  requiresPayment: z.boolean(),
  /** SPEC `paymentLinkId`: the Sign & Pay product the slot pays, when it requires payment. */
  paymentLinkId: z.string().nullable(),
  /** SPEC `getPaidLabel`: what is paid, as the sender named it (or the product's name). */
  getPaidLabel: z.string().nullable(),
  /** SPEC `requireEmailVerification`: the payer proves an e-mail address before paying. */
  requireEmailVerification: z.boolean(),
  /**
   * The text, date and checkbox values this slot's signature carried, by field name: what sealing stamps, so every
   * party sees them where they will be. Empty until the slot is signed: an unsigned party's typing stays theirs.
   */
  filledValues: z.record(z.string(), z.union([z.string(), z.boolean()])),
});
export type LinkSignatureSlot = z.infer<typeof ZLinkSignatureSlot>;

export const ZLinkAccessDocument = z.object({
  Title: z.string(),
  /** The file's id: `links/{id}/access/file` serves its bytes. */
  Code: z.string(),
  PageCount: z.number().int(),
  PageSizes: z.array(z.object({ width: z.number(), height: z.number() })),
  Rules: ZFileRules.nullable(),
});
export type LinkAccessDocument = z.infer<typeof ZLinkAccessDocument>;

export const userDataTypes = ['fieldAccessKey', 'phoneNumber', 'emailAddress', 'bankIdPerson'] as const;
export const ZLinkUserData = z.object({ Type: z.enum(userDataTypes), Value: z.string() });
export type LinkUserData = z.infer<typeof ZLinkUserData>;

/** SPEC section 3 aggregates, from this recipient's point of view. */
export const ZSignatureAggregates = z.object({
  allSigned: z.boolean(),
  anySigned: z.boolean(),
  /** Every slot this recipient may use is signed. */
  userAllSigned: z.boolean(),
  /** The last signature of the document was this recipient's. */
  lastSignByMe: z.boolean(),
  /** Every slot that requires payment is paid (true when none does). */
  allPaid: z.boolean(),
  /** Every slot this recipient may use that requires payment is paid. */
  userAllPaid: z.boolean(),
  /** The last payment of the document was this recipient's. */
  lastPaymentByMe: z.boolean(),
});
export type SignatureAggregates = z.infer<typeof ZSignatureAggregates>;

/** Where the document is after signing: the page shows progress until the sealed PDF exists. */
export const linkDocumentStates = ['open', 'sealing', 'completed', 'seal-failed', 'withdrawn', 'expired'] as const;

export const ZLinkAccessResponse = z
  .object({
    RequestToken: ZRequestToken,
    TokenExpiresAt: z.iso.datetime(),
    /** The document the files belong to: the `document` every form call (`links/{id}/forms…`) names. */
    DocumentId: z.string(),
    Documents: z.array(ZLinkAccessDocument),
    UserData: z.array(ZLinkUserData),
    Signatures: z.array(ZLinkSignatureSlot),
    Aggregates: ZSignatureAggregates,
    State: z.enum(linkDocumentStates),
    /**
     * As in the status answer: sealed, and the document lets its parties download. A party who opens the link after
     * completion, in any browser, is offered the sealed PDF at once, without waiting for a status poll.
     */
    SealedPdfAvailable: z.boolean(),
    /**
     * The sender's words before the document: the message to every party and this party's personal one (either may
     * be absent). Only past the gate, like the document itself.
     */
    Messages: z.object({ Document: z.string().nullable(), Personal: z.string().nullable() }),
    Settings: z.object({
      allowPrinting: z.boolean(),
      allowDownloading: z.boolean(),
      allowNameClarification: z.boolean(),
      disableSubmit: z.boolean(),
      enableSharing: z.boolean(),
      /** A submitted or shared form waits for the sender's approval (pending) instead of being final. */
      requireFormApproval: z.boolean(),
    }),
  })
  .meta({ id: 'LinkAccess' });
export type LinkAccessResponse = z.infer<typeof ZLinkAccessResponse>;

/** `GET links/{id}/status?requestToken`: polled by the page after signing, until the sealed PDF is ready. */
export const ZLinkStatusResponse = z.object({
  State: z.enum(linkDocumentStates),
  Signatures: z.array(ZLinkSignatureSlot),
  Aggregates: ZSignatureAggregates,
  /** Set once sealed and when the document allows downloading: `links/{id}/download?requestToken` gives the file. */
  SealedPdfAvailable: z.boolean(),
});
export type LinkStatusResponse = z.infer<typeof ZLinkStatusResponse>;
