import multipart from '@fastify/multipart';
import { ZVerificationResult } from '@signlink/contracts/documents/verification';
import { ZErrorResponse } from '@signlink/contracts/errors/error-response';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { acceptRawPdfBody } from '../../http/raw-pdf-body.ts';
import { verifyDocument } from './verify-document.ts';

/** A request carries a little more than the PDF: multipart's boundaries and headers. */
const bodySlackBytes = 64 * 1024;

/**
 * `POST /v2/linktinker/verify` (issue 7, part 6): public, like the page it serves. The PDF comes as multipart
 * form data (field `file`, what a plain HTML form sends) or as the raw body (application/pdf).
 */
export const verifyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.context;
  const bodyLimit = config.maxUploadBytes + bodySlackBytes;
  await app.register(multipart, { limits: { fileSize: config.maxUploadBytes, files: 1, fields: 5, parts: 6 } });
  acceptRawPdfBody(app, bodyLimit);

  app.post(
    '/linktinker/verify',
    {
      bodyLimit,
      schema: {
        tags: ['verification'],
        summary: 'Verify a PDF: its signatures, our seal, its timestamp, and the document we sealed it as',
        response: { 200: ZVerificationResult, 400: ZErrorResponse, 413: ZErrorResponse, 415: ZErrorResponse },
      },
    },
    async (request) => {
      const bytes = await pdfOf(request);
      return verifyDocument(
        {
          db: app.context.database.db,
          verify: (pdf) => app.context.pdf.verify(pdf, app.context.sealing.trustAnchorsPem),
        },
        bytes,
      );
    },
  );
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
