import {
  mergeFilesRoute,
  openEditorRoute,
  readFileContentRoute,
  renameFileRoute,
  saveRulesRoute,
  uploadDocumentRoute,
} from '@signlink/contracts/documents/upload.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { acceptRawPdfBody } from '../../http/raw-pdf-body.ts';
import { route } from '../../http/route.ts';
import { mergeFiles, openEditor, readFileContent, renameFile, saveRules } from './document-files.service.ts';
import { uploadDocument } from './upload-document.ts';

/** A request carries a little more than the PDF (headers aside, nothing): the bound is the file's. */
const uploadBodySlackBytes = 64 * 1024;

/**
 * Issue 6, part 1 and the editor's file calls (SPEC section 7 "Documents"). Upload takes the PDF as the raw body;
 * the parser for it lives in this plugin's scope only, with the upload's own body limit (MAX_UPLOAD_MB): beyond it
 * Fastify stops reading and the error handler answers FILE_TOO_LARGE. The limit is the parser's, not the route's:
 * it follows the configured MAX_UPLOAD_MB, which a contract, fixed at build time, cannot know.
 */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.context;
  const deps = () => ({
    db: app.context.database.db,
    storage: app.context.storage,
    pdf: app.context.pdf,
    secret: config.sessionSecret,
    maxUploadBytes: config.maxUploadBytes,
  });
  acceptRawPdfBody(app, config.maxUploadBytes + uploadBodySlackBytes);

  route(app, uploadDocumentRoute, async (request, reply) => {
    if (!Buffer.isBuffer(request.body)) throw new AppError('UPLOAD_WRONG_TYPE');
    const body = request.body;
    const bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
    const { name, projectId: draftId } = request.query;
    const draft = await uploadDocument(deps(), request.actor, { bytes, name, draftId });
    return reply.code(201).send(draft);
  });
  route(app, mergeFilesRoute, (request) => mergeFiles(deps(), request.actor, request.body));
  route(app, openEditorRoute, (request) => openEditor(deps(), request.actor, request.params.id));
  route(app, readFileContentRoute, async (request, reply) => {
    const { file, stream } = await readFileContent(deps(), request.params.id, request.query.token);
    return reply
      .type('application/pdf')
      .header('content-length', file.byteSize)
      .header('cache-control', 'private, no-store')
      .send(stream);
  });
  route(app, saveRulesRoute, (request) => saveRules(deps(), request.actor, request.params.id, request.body));
  route(app, renameFileRoute, (request) => renameFile(deps(), request.actor, request.params.id, request.query.title));
};
