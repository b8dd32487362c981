import type { FastifyInstance } from 'fastify';

/** A PDF as the raw request body, in the calling plugin's scope only, up to `bodyLimit` bytes. */
export function acceptRawPdfBody(app: FastifyInstance, bodyLimit: number) {
  app.addContentTypeParser(
    ['application/pdf', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit },
    (_request, body, done) => done(null, body),
  );
}
