import {
  ZDocumentFile,
  ZDocumentIdParams,
  ZEditorResponse,
  ZFileTitleQuery,
  ZMergeFilesRequest,
  ZProject,
  ZSaveRulesRequest,
  ZUploadQuery,
} from '@signlink/contracts/documents/projects';
import { ZErrorResponse } from '@signlink/contracts/errors/error-response';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { acceptRawPdfBody } from '../../http/raw-pdf-body.ts';
import { requireActor } from '../../plugins/auth.ts';
import { accountRouteErrors, bearerSecurity } from '../accounts/account-route-schemas.ts';
import { mergeFiles, openEditor, readFileContent, renameFile, saveRules } from './document-files.service.ts';
import { uploadDocument } from './upload-document.ts';

export const documentRouteErrors = {
  ...accountRouteErrors,
  413: ZErrorResponse,
  415: ZErrorResponse,
  422: ZErrorResponse,
};
const errors = documentRouteErrors;

/** A request carries a little more than the PDF (headers aside, nothing): the bound is the file's. */
const uploadBodySlackBytes = 64 * 1024;

/**
 * Issue 6, part 1 and the editor's file calls (SPEC section 7 "Documents"). Upload takes the PDF as the raw body;
 * the parser for it lives in this plugin's scope only, with the upload's own body limit (MAX_UPLOAD_MB):
 * beyond it Fastify stops reading and the error handler answers FILE_TOO_LARGE.
 */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['documents'];
  const { config } = app.context;
  const bodyLimit = config.maxUploadBytes + uploadBodySlackBytes;
  const deps = () => ({
    db: app.context.database.db,
    storage: app.context.storage,
    pdf: app.context.pdf,
    secret: config.sessionSecret,
    maxUploadBytes: config.maxUploadBytes,
  });
  acceptRawPdfBody(app, bodyLimit);

  app.post(
    '/linktinker/files',
    {
      bodyLimit,
      schema: {
        tags,
        security: bearerSecurity,
        summary:
          'Upload a PDF (raw body, application/pdf or application/octet-stream; judged by content) as a new draft, ' +
          'or as one more file of the draft `projectId`',
        querystring: ZUploadQuery,
        response: { 201: ZProject, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      if (!Buffer.isBuffer(request.body)) throw new AppError('UPLOAD_WRONG_TYPE');
      const body = request.body;
      const bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
      const project = await uploadDocument(deps(), actor, { bytes, ...request.query });
      return reply.code(201).send(project);
    },
  );

  app.post(
    '/linktinker/files/merge',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: "The draft's files, in the order given, become one file; the draft with its files",
        body: ZMergeFilesRequest,
        response: { 200: ZProject, ...errors },
      },
    },
    async (request) => mergeFiles(deps(), requireActor(request), request.body),
  );

  app.post(
    '/linktinker/files/:id/editor',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'What the field editor opens with: the draft, the file, and a short-lived address of its PDF',
        params: ZDocumentIdParams,
        response: { 200: ZEditorResponse, ...errors },
      },
    },
    async (request) => openEditor(deps(), requireActor(request), request.params.id),
  );

  app.get(
    '/linktinker/files/:id/content',
    {
      schema: {
        tags,
        summary: "The file's PDF bytes, for the content token the editor call gave (no bearer token needed)",
        params: ZDocumentIdParams,
        querystring: z.object({ token: z.string().min(1).max(2000) }),
      },
    },
    async (request, reply) => {
      const { file, stream } = await readFileContent(deps(), request.params.id, request.query.token);
      return reply
        .type('application/pdf')
        .header('content-length', file.byteSize)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  app.post(
    '/linktinker/files/:id/rules',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary:
          "Save the file's placed fields; the server names them and writes the per-slot access map (drafts only)",
        params: ZDocumentIdParams,
        body: ZSaveRulesRequest,
        response: { 200: ZDocumentFile, ...errors },
      },
    },
    async (request) => saveRules(deps(), requireActor(request), request.params.id, request.body),
  );

  app.put(
    '/linktinker/files/:id/title',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: "Rename a draft's file",
        params: ZDocumentIdParams,
        querystring: ZFileTitleQuery,
        response: { 200: ZDocumentFile, ...errors },
      },
    },
    async (request) => renameFile(deps(), requireActor(request), request.params.id, request.query.title),
  );
};
