import { z } from 'zod';
import { ZDocumentIdParams } from '../documents/drafts.ts';
import { defineRoute } from '../http/route-contract.ts';
import {
  ZCreateTemplateRequest,
  ZProjectIdResponse,
  ZTemplateDetail,
  ZTemplateSummary,
  ZTemplatesResponse,
  ZUpdateTemplateRequest,
  ZUseTemplateRequest,
} from './templates.ts';

/** SPEC section 7 "Templates and public links": the template half. Contributors make templates; sending is theirs not. */
const tags = ['templates'];
const callers = ['session'] as const;
/** Another account's template is NOT_FOUND; a colleague's private one FORBIDDEN. */
const templateErrors = ['NOT_FOUND', 'FORBIDDEN'] as const;

export const listTemplatesRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/templates',
  tags,
  callers,
  summary: "The caller's templates and the account's shared ones, latest first",
  responses: { 200: ZTemplatesResponse },
  errors: ['FORBIDDEN'],
});

export const createTemplateRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/templates',
  tags,
  callers,
  summary: 'A template from a draft or a sent document (needs an annual plan or the templates add-on)',
  body: ZCreateTemplateRequest,
  responses: { 201: ZTemplateSummary },
  errors: [...templateErrors, 'TEMPLATES_NEED_PLAN', 'DOCUMENT_SAVE_FAILED'],
});

export const findTemplateRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/templates/:id',
  tags,
  callers,
  summary: 'A template with its roles, files and settings',
  params: ZDocumentIdParams,
  responses: { 200: ZTemplateDetail },
  errors: templateErrors,
});

export const useTemplateRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/templates/:id',
  tags,
  callers,
  summary: 'Use a template: a new draft with every role filled in (a role left empty: TEMPLATE_ROLE_EMPTY)',
  params: ZDocumentIdParams,
  body: ZUseTemplateRequest,
  responses: { 201: ZProjectIdResponse },
  errors: [...templateErrors, 'TEMPLATES_NEED_PLAN', 'TEMPLATE_ROLE_EMPTY', 'DOCUMENT_SAVE_FAILED'],
});

export const updateTemplateRoute = defineRoute({
  method: 'PUT',
  path: '/linktinker/templates/:id',
  tags,
  callers,
  summary: 'Rename a template, share it or name its roles',
  params: ZDocumentIdParams,
  body: ZUpdateTemplateRequest,
  responses: { 200: ZTemplateSummary },
  errors: [...templateErrors, 'SHARING_NEEDS_PLAN', 'VALIDATION_FAILED'],
});

export const deleteTemplateRoute = defineRoute({
  method: 'DELETE',
  path: '/linktinker/templates/:id',
  tags,
  callers,
  summary: 'Delete a template (drafts and public links made from it stay)',
  params: ZDocumentIdParams,
  responses: { 204: z.null() },
  errors: templateErrors,
});

export const editTemplateRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/templates/:id/edit',
  tags,
  callers,
  summary: "The template's document for the field editor (the same editor as drafts)",
  params: ZDocumentIdParams,
  responses: { 200: ZProjectIdResponse },
  errors: [...templateErrors, 'TEMPLATES_NEED_PLAN'],
});
