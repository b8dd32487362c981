import { z } from 'zod';
import {
  accessLevels,
  invitationMethods,
  signatureTypes,
  ZDocumentSettings,
  ZSignatureIndex,
} from '../documents/document-model.ts';
import { ZDocumentFile } from '../documents/drafts.ts';
import { locales } from '../locales.ts';

/**
 * Templates (issue 24, part 1; SPEC section 3 "Template: templateDocumentId, name"): a document with placeholder
 * parties, each named by its role ("Customer", "Witness"), kept to make new drafts from. The template's id is its
 * document's id, so the field editor opens it as it opens a draft (`POST templates/{id}/edit`).
 */
export const templateRoleMaxLength = 80;

/** A template's slot: its role, how it signs and, when the owner fixed them, the person's contact details. */
export const ZTemplateRole = z.object({
  SignatureIndex: ZSignatureIndex,
  Role: z.string().trim().min(1).max(templateRoleMaxLength),
  SignatureType: z.enum(signatureTypes),
  InvitationMethod: z.enum(invitationMethods),
  /** Filled when the template names the person already (a fixed witness); empty for a role to fill in. */
  Name: z.string(),
  Email: z.string().nullable(),
  Phone: z.string().nullable(),
});
export type TemplateRole = z.infer<typeof ZTemplateRole>;

export const ZTemplateSummary = z
  .object({
    Id: z.string(),
    Name: z.string(),
    Language: z.enum(locales),
    AccessLevel: z.enum(accessLevels),
    /** The caller made it (and may rename, share or delete it). */
    IsOwner: z.boolean(),
    OwnerName: z.string(),
    Roles: z.array(ZTemplateRole),
    PageCount: z.number().int().nonnegative(),
    /** ISO 8601, UTC. */
    Created: z.string(),
    Updated: z.string(),
  })
  .meta({ id: 'Template' });
export type TemplateSummary = z.infer<typeof ZTemplateSummary>;

export const ZTemplatesResponse = z.object({
  Templates: z.array(ZTemplateSummary),
  /** False while the account has neither an annual plan nor the templates add-on (SPEC section 5). */
  CanUseTemplates: z.boolean(),
});
export type TemplatesResponse = z.infer<typeof ZTemplatesResponse>;

/** `GET templates/{id}`: the template with its files and settings. */
export const ZTemplateDetail = ZTemplateSummary.extend({
  Settings: ZDocumentSettings,
  Message: z.string(),
  Files: z.array(ZDocumentFile),
}).meta({ id: 'TemplateDetail' });
export type TemplateDetail = z.infer<typeof ZTemplateDetail>;

/**
 * `POST linktinker/templates`: a template from a draft or a sent document the caller may see. The source is copied
 * (its parties become roles, their contact details left out unless `KeepContacts`), except a draft uploaded just
 * for the template (`FromUpload`), which becomes the template itself.
 */
export const ZCreateTemplateRequest = z.object({
  Name: z.string().trim().min(1).max(200),
  SourceDocumentId: z.string().min(1).max(64),
  FromUpload: z.boolean().optional(),
  KeepContacts: z.boolean().optional(),
});
export type CreateTemplateRequest = z.infer<typeof ZCreateTemplateRequest>;

/** `PUT templates/{id}`: rename, share or name its roles. */
export const ZUpdateTemplateRequest = z.object({
  Name: z.string().trim().min(1).max(200).optional(),
  AccessLevel: z.enum(accessLevels).optional(),
  Roles: z
    .array(z.object({ SignatureIndex: ZSignatureIndex, Role: z.string().trim().min(1).max(templateRoleMaxLength) }))
    .max(50)
    .optional(),
});
export type UpdateTemplateRequest = z.infer<typeof ZUpdateTemplateRequest>;

/** One role filled in when a template is used (a role the template fixed may be left out). */
export const ZTemplateRoleFill = z.object({
  SignatureIndex: ZSignatureIndex,
  Name: z.string().trim().max(200),
  Email: z.string().trim().max(254).optional(),
  Phone: z.string().trim().max(32).optional(),
  InvitationMethod: z.enum(invitationMethods).optional(),
});
export type TemplateRoleFill = z.infer<typeof ZTemplateRoleFill>;

/**
 * `POST templates/{id}`: use the template. A new draft with the template's files, fields, settings and message,
 * and each role filled with a person; a role left empty is TEMPLATE_ROLE_EMPTY (nothing made).
 */
export const ZUseTemplateRequest = z.object({
  Title: z.string().trim().min(1).max(200).optional(),
  Parties: z.array(ZTemplateRoleFill).max(50),
});
export type UseTemplateRequest = z.infer<typeof ZUseTemplateRequest>;

/** The draft a template made, or the document the editor opens for `…/edit`. */
export const ZProjectIdResponse = z.object({ ProjectId: z.string() });
export type ProjectIdResponse = z.infer<typeof ZProjectIdResponse>;
