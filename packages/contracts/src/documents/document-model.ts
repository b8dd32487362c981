import { z } from 'zod';
import { limits } from '../constants.ts';

/**
 * The document model of SPEC section 3 (Document, Party / signature field, File) as the editor, the send
 * request and the lists share it. API fields are PascalCase as in the spec's shapes; stored JSON camelCase.
 */

/** SPEC section 3, Party: e-mail, SMS, WhatsApp, or both (e-mail and SMS). */
export const invitationMethods = ['email', 'sms', 'whatsapp', 'email-and-sms'] as const;
export type InvitationMethod = (typeof invitationMethods)[number];

/** SPEC section 3, Party: Swedish BankID, e-signature, ID plus e-signature, Live ID. */
export const signatureTypes = ['bankid', 'e-signature', 'id-e-signature', 'live-id'] as const;
export type SignatureType = (typeof signatureTypes)[number];

/**
 * The signature types a recipient can complete: the editor offers only these and sending refuses the rest, so no one
 * pays for a document that can never complete. All four, now that the ID scan (types 5 and 6) is there; a type
 * taken out of service again is taken out here.
 */
export const availableSignatureTypes: readonly SignatureType[] = signatureTypes;

/** The signature object's type code per signature type (SPEC section 3: 1 BankID, 4 ink, 5 ink with ID, 6 ID live). */
export const signatureTypeCodes: Record<SignatureType, 1 | 4 | 5 | 6> = {
  bankid: 1,
  'e-signature': 4,
  'id-e-signature': 5,
  'live-id': 6,
};

/** The channels an invitation method sends on. */
export const channelsOfInvitationMethod: Record<InvitationMethod, readonly ('email' | 'sms' | 'whatsapp')[]> = {
  email: ['email'],
  sms: ['sms'],
  whatsapp: ['whatsapp'],
  'email-and-sms': ['email', 'sms'],
};

/** What a document row is (issue 24): one to send, a template, or a public link's master that visits copy. */
export const documentKinds = ['document', 'template', 'public-link'] as const;
export type DocumentKind = (typeof documentKinds)[number];

export const accessLevels = ['private', 'shared'] as const;
export type AccessLevel = (typeof accessLevels)[number];

/** Fields a sender places (issue 6, part 2). */
export const fieldTypes = ['signature', 'text', 'date', 'checkbox', 'name-clarification'] as const;
export type FieldType = (typeof fieldTypes)[number];

/**
 * SPEC section 3: "Signature field names encode the index in brackets after a prefix". Ours: the prefix names
 * the type, the bracket the signature index, and a field after a party's first of a type gets `.n`:
 * `Signature[0]`, `Text[1]`, `Text[1].2`, `Date[0]`, `Checkbox[2].3`, `NameClarification[0]`.
 */
export const fieldNamePrefixes: Record<FieldType, string> = {
  signature: 'Signature',
  text: 'Text',
  date: 'Date',
  checkbox: 'Checkbox',
  'name-clarification': 'NameClarification',
};

const fieldNamePattern = /^([A-Za-z]+)\[(\d{1,2})\](?:\.(\d{1,4}))?$/;

export function fieldNameOf(type: FieldType, signatureIndex: number, ordinal = 1): string {
  const base = `${fieldNamePrefixes[type]}[${signatureIndex}]`;
  return ordinal > 1 ? `${base}.${ordinal}` : base;
}

/** The type and signature index a field name encodes, or null for a name not in our form (a PDF's own field). */
export function parseFieldName(name: string): { type: FieldType; signatureIndex: number; ordinal: number } | null {
  const match = fieldNamePattern.exec(name);
  if (!match) return null;
  const type = (Object.keys(fieldNamePrefixes) as FieldType[]).find((key) => fieldNamePrefixes[key] === match[1]);
  if (!type) return null;
  return { type, signatureIndex: Number(match[2]), ordinal: match[3] ? Number(match[3]) : 1 };
}

export const ZSignatureIndex = z.number().int().min(0).max(limits.maxSignatureIndex);
export type SignatureIndex = z.infer<typeof ZSignatureIndex>;

/**
 * SPEC section 3, Document settings. Every flag is optional in storage and reads false when absent, except
 * the defaults `documentSettingDefaults` gives.
 */
export const ZDocumentSettings = z.object({
  requireVerification: z.boolean().optional(),
  allowPrinting: z.boolean().optional(),
  allowDownloading: z.boolean().optional(),
  disableSubmit: z.boolean().optional(),
  enableSharing: z.boolean().optional(),
  /** Not in SPEC's list: what makes a recipient's form pending (SPEC section 4), decided by the sender (issue 8). */
  requireFormApproval: z.boolean().optional(),
  englishLanguage: z.boolean().optional(),
  embedVerification: z.boolean().optional(),
  accountSharing: z.boolean().optional(),
  hidePersonalNumber: z.boolean().optional(),
  allowNameClarification: z.boolean().optional(),
  requireEmailVerificationForSignAndPay: z.boolean().optional(),
});
export type DocumentSettings = z.infer<typeof ZDocumentSettings>;
export type DocumentSettingKey = keyof DocumentSettings;
export const documentSettingKeys = Object.keys(ZDocumentSettings.shape) as DocumentSettingKey[];

/** What a mature product starts with: recipients may print and download their copy, the seal is verifiable. */
export const documentSettingDefaults: Required<DocumentSettings> = {
  requireVerification: false,
  allowPrinting: true,
  allowDownloading: true,
  disableSubmit: false,
  enableSharing: false,
  requireFormApproval: false,
  englishLanguage: false,
  embedVerification: true,
  accountSharing: false,
  hidePersonalNumber: false,
  allowNameClarification: false,
  requireEmailVerificationForSignAndPay: false,
};

/** A document's settings as they apply: each flag stored, or its default. */
export function settingsWithDefaults(settings: DocumentSettings): Required<DocumentSettings> {
  return { ...documentSettingDefaults, ...settings };
}

/**
 * A field placed on a page. Position and size in PDF points from the page's top-left corner (the page as
 * shown, after its rotation), so the editor's arithmetic is the screen's and stamping converts once.
 */
export const ZPlacedField = z.object({
  /** The editor's id for the field, stable while the sender edits. */
  id: z.string().min(1).max(64),
  type: z.enum(fieldTypes),
  signatureIndex: ZSignatureIndex,
  /** 1-based. */
  page: z.number().int().min(1),
  x: z.number().min(0),
  y: z.number().min(0),
  width: z.number().min(4).max(2000),
  height: z.number().min(4).max(2000),
  required: z.boolean(),
  label: z.string().trim().max(200).optional(),
  /** The encoded name (`fieldNameOf`); the server assigns it on save. */
  name: z.string().max(120).optional(),
  /** Set when the field is one of the PDF's own AcroForm fields, adopted rather than placed. */
  pdfFieldName: z.string().max(500).optional(),
});
export type PlacedField = z.infer<typeof ZPlacedField>;

/** A file's rules (SPEC sections 3 and 6): its fields, and the access map from signature index to fieldAccessKey. */
export const ZFileRules = z.object({
  fields: z.array(ZPlacedField).max(2000),
  /** Signature index (as a string key) → the fieldAccessKey that may use the slot; a slot with no entry is open to all. */
  access: z.record(z.string().regex(/^\d{1,2}$/), z.string()),
  /** Slot labels, default "Sign {index}" (SPEC section 3, Signature object). */
  labels: z.record(z.string().regex(/^\d{1,2}$/), z.string().max(200)).optional(),
});
export type FileRules = z.infer<typeof ZFileRules>;

/** One of the PDF's own AcroForm fields found at upload, offered in the editor (issue 6, part 2). */
export const ZPdfFormField = z.object({
  name: z.string(),
  kind: z.enum(['text', 'checkbox', 'radio', 'dropdown', 'list', 'signature', 'button']),
  page: z.number().int().min(1),
  /** Widget rectangle in points from the page's top-left corner, as ZPlacedField. */
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  required: z.boolean(),
});
export type PdfFormField = z.infer<typeof ZPdfFormField>;
