import { idScanLimits } from '@signlink/contracts/id-scan/id-scan';
import { addIdScanDocumentImageRoute, addIdScanFaceImageRoute } from '@signlink/contracts/id-scan/id-scan.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { route } from '../../http/route.ts';
import { addIdScanDocumentImage, addIdScanFaceImage } from './add-id-scan-image.ts';
import { idScanDepsOf } from './id-scan-deps.ts';

/** A body a little over the limit still reaches the service, which answers FILE_TOO_LARGE with the limit. */
const bodySlackBytes = 64 * 1024;

/**
 * The scan's images, each the raw body (JPEG or PNG) with the RequestToken in the query, as a recipient's attachment
 * is sent. The raw parser and its limit live in this plugin's scope only; whatever the header says, the service
 * judges the bytes.
 */
export const idScanImageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    ['image/jpeg', 'image/png', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: idScanLimits.maxImageBytes + bodySlackBytes },
    (_request, body, done) => done(null, body),
  );
  const bytesOf = (body: unknown): Uint8Array => {
    if (!Buffer.isBuffer(body)) throw new AppError('UPLOAD_WRONG_TYPE');
    return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  };

  route(app, addIdScanDocumentImageRoute, (request) =>
    addIdScanDocumentImage(idScanDepsOf(app, request.log), {
      linkId: request.params.id,
      query: request.query,
      bytes: bytesOf(request.body),
    }),
  );

  route(app, addIdScanFaceImageRoute, (request) =>
    addIdScanFaceImage(idScanDepsOf(app, request.log), {
      linkId: request.params.id,
      query: request.query,
      bytes: bytesOf(request.body),
    }),
  );
};
