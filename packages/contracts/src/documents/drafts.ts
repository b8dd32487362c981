import { z } from 'zod';
import { locales } from '../locales.ts';
import { activeContentKinds } from './active-content.ts';
import {
  accessLevels,
  documentKinds,
  invitationMethods,
  signatureTypes,
  ZDocumentSettings,
  ZFileRules,
  ZPdfFormField,
  ZSignatureIndex,
} from './document-model.ts';

/**
 * A draft document ("project") and its files, as the upload and the field editor use them (issue 6, parts 1
 * and 2; SPEC section 7 "Documents"). Upload is `POST linktinker/files` with the PDF as the raw body
 * (`Content-Type: application/pdf` or `application/octet-stream`; what counts is the content) and the file
 * name in `?name=`: a path the spec does not show, named in its style. `?projectId=` adds the file to a draft.
 */

export const ZDocumentIdParams = z.object({ id: z.string().min(1).max(64) });
export type DocumentIdParams = z.infer<typeof ZDocumentIdParams>;

export const ZUploadQuery = z.object({
  name: z.string().trim().min(1).max(255).optional(),
  projectId: z.string().min(1).max(64).optional(),
});
export type UploadQuery = z.infer<typeof ZUploadQuery>;

/** A browser's file as the web app sends it, described by shape: contracts know neither the DOM nor Node. */
interface PdfBlob {
  readonly size: number;
  readonly type: string;
}

/**
 * The uploaded PDF, the raw request body: a file or bytes from the web app, a Buffer on the server. The server reads
 * it with its own content-type parser and judges the content, so the schema checks nothing: a body of another type
 * is UPLOAD_WRONG_TYPE from the route, not a schema's VALIDATION_FAILED.
 */
export const ZPdfUploadBody = z.custom<Uint8Array | PdfBlob>();
export type PdfUploadBody = z.infer<typeof ZPdfUploadBody>;

/** `GET linktinker/files/{id}/content?token=`: the short-lived token the editor call put in ContentUrl. */
export const ZFileContentQuery = z.object({ token: z.string().min(1).max(2000) });
export type FileContentQuery = z.infer<typeof ZFileContentQuery>;

export const ZPageSize = z.object({ Width: z.number(), Height: z.number() });
export type PageSize = z.infer<typeof ZPageSize>;

export const ZDocumentFile = z
  .object({
    Id: z.string(),
    Title: z.string(),
    PageCount: z.number().int(),
    Pages: z.array(ZPageSize),
    ByteSize: z.number().int(),
    Sha256: z.string(),
    /** The PDF's own fields, offered in the editor. */
    FormFields: z.array(ZPdfFormField),
    /** What upload removed from the PDF, for the sender to be told (see `activeContentKinds`). */
    RemovedContent: z.array(z.enum(activeContentKinds)),
    Rules: ZFileRules,
  })
  .meta({ id: 'DocumentFile' });
export type DocumentFile = z.infer<typeof ZDocumentFile>;

/** A party as the sender edits it; `SignatureIndex` is the party's slot. */
export const ZDraftParty = z.object({
  Id: z.string().optional(),
  SignatureIndex: ZSignatureIndex,
  /** A template's or public link's placeholder name for the slot ("Customer"); documents keep it from their template. */
  Role: z.string().trim().max(80).optional(),
  Name: z.string().trim().max(200),
  Email: z.string().trim().max(254).optional(),
  Phone: z.string().trim().max(32).optional(),
  InvitationMethod: z.enum(invitationMethods),
  SignatureType: z.enum(signatureTypes),
  Message: z.string().max(2000).optional(),
  GetPaid: z.boolean(),
  /** Sign & Pay (issue 25): the product this party pays (SPEC `paymentLinkId`); needed to send when `GetPaid`. */
  PaymentProductId: z.string().max(64).nullable().optional(),
  /** SPEC `getPaidLabel`: the sender's words for what is paid; the product's name when empty. */
  GetPaidLabel: z.string().trim().max(120).optional(),
});
export type DraftParty = z.infer<typeof ZDraftParty>;

export const ZDraft = z
  .object({
    Id: z.string(),
    Title: z.string(),
    /** A draft to send, a template or a public link's master (issue 24): the editor saves the last two, never sends. */
    Kind: z.enum(documentKinds),
    Language: z.enum(locales),
    AccessLevel: z.enum(accessLevels),
    Settings: ZDocumentSettings,
    Message: z.string(),
    Parties: z.array(ZDraftParty),
    Files: z.array(ZDocumentFile),
    /** ISO 8601, UTC. */
    Created: z.string(),
    Updated: z.string(),
  })
  .meta({ id: 'Project' });
export type Draft = z.infer<typeof ZDraft>;

/** `GET linktinker/projects`: the signed-in user's drafts, latest first. */
export const ZDraftsResponse = z.object({
  Projects: z.array(z.object({ Id: z.string(), Title: z.string(), FileCount: z.number().int(), Updated: z.string() })),
});
export type DraftsResponse = z.infer<typeof ZDraftsResponse>;

/** `GET linktinker/projects/{id}/files`. */
export const ZDraftFilesResponse = z.object({ Files: z.array(ZDocumentFile) });
export type DraftFilesResponse = z.infer<typeof ZDraftFilesResponse>;

/** `GET linktinker/projects/{id}/links`: a sent document's links, one per party. */
export const ZDocumentLinksResponse = z.object({
  Links: z.array(
    z.object({
      Code: z.string(),
      PartyId: z.string(),
      SignatureIndex: ZSignatureIndex,
      Status: z.enum(['active', 'withdrawn', 'revoked']),
      /** The recipient page's address on the brand host. */
      Url: z.string(),
    }),
  ),
});
export type DocumentLinksResponse = z.infer<typeof ZDocumentLinksResponse>;

/**
 * `PUT linktinker/projects/{id}`: saves the draft's title, parties, settings, access level and message (a path
 * the spec does not show). A sent document refuses it: DOCUMENT_SAVE_FAILED, it is frozen.
 */
export const ZSaveDraftRequest = z.object({
  Title: z.string().trim().min(1).max(200),
  Language: z.enum(locales).optional(),
  AccessLevel: z.enum(accessLevels),
  Settings: ZDocumentSettings,
  Message: z.string().max(2000),
  Parties: z.array(ZDraftParty).max(50),
});
export type SaveDraftRequest = z.infer<typeof ZSaveDraftRequest>;

/** `POST linktinker/files/{id}/editor`: what the field editor opens with. */
export const ZEditorResponse = z.object({
  Project: ZDraft,
  File: ZDocumentFile,
  /** A short-lived address of the PDF's bytes for pdf.js, valid without the bearer token. */
  ContentUrl: z.string(),
});
export type EditorResponse = z.infer<typeof ZEditorResponse>;

/** `POST linktinker/files/{id}/rules`: the placed fields (access map and names are the server's). */
export const ZSaveRulesRequest = z.object({
  Fields: ZFileRules.shape.fields,
  Labels: ZFileRules.shape.labels,
});
export type SaveRulesRequest = z.infer<typeof ZSaveRulesRequest>;

/** `POST linktinker/files/merge`: the draft's files, in this order, become one file. */
export const ZMergeFilesRequest = z.object({
  FileIds: z.array(z.string()).min(2).max(20),
  Title: z.string().optional(),
});
export type MergeFilesRequest = z.infer<typeof ZMergeFilesRequest>;

/** `PUT linktinker/files/{id}/title?title=`. */
export const ZFileTitleQuery = z.object({ title: z.string().trim().min(1).max(200) });
export type FileTitleQuery = z.infer<typeof ZFileTitleQuery>;
