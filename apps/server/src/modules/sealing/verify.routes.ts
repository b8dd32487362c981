import multipart from '@fastify/multipart';
import { verifyDocumentRoute } from '@signlink/contracts/documents/verify.routes';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { acceptRawPdfBody } from '../../http/raw-pdf-body.ts';
import { route } from '../../http/route.ts';
import { verifyDocument } from './verify-document.ts';

/** A request carries a little more than the PDF: multipart's boundaries and headers. */
const bodySlackBytes = 64 * 1024;

/**
 * `POST /v2/linktinker/verify` (issue 7, part 6): public, like the page it serves. The PDF comes as multipart
 * form data (field `file`, what a plain HTML form sends) or as the raw body (application/pdf). The limits are the
 * parsers' (multipart's file size, the raw-PDF parser's body limit), from the configured MAX_UPLOAD_MB, which a
 * contract, fixed at build time, cannot know.
 */
export const verifyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.context;
  await app.register(multipart, { limits: { fileSize: config.maxUploadBytes, files: 1, fields: 5, parts: 6 } });
  acceptRawPdfBody(app, config.maxUploadBytes + bodySlackBytes);

  route(app, verifyDocumentRoute, async (request) => {
    const bytes = await pdfOf(request);
    return verifyDocument(
      {
        db: app.context.database.db,
        verify: (pdf) => app.context.pdf.verify(pdf, app.context.sealing.trustAnchorsPem, `address:${request.ip}`),
      },
      bytes,
    );
  });
};

async function pdfOf(request: FastifyRequest): Promise<Uint8Array> {
  if (request.isMultipart()) {
    const part = await request.file();
    if (!part) throw new AppError('UPLOAD_WRONG_TYPE');
    const buffer = await part.toBuffer();
    // Over the limit busboy stops reading and flags the part instead of failing.
    if (part.file.truncated) throw new AppError('FILE_TOO_LARGE');
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  }
  if (!Buffer.isBuffer(request.body)) throw new AppError('UPLOAD_WRONG_TYPE');
  return new Uint8Array(request.body.buffer, request.body.byteOffset, request.body.byteLength);
}
