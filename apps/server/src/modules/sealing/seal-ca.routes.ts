import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';

export const sealCaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/linktinker/verify/ca',
    {
      schema: {
        tags: ['verification'],
        summary: 'The CA certificate behind our seals (PEM), to trust in a PDF reader or a verifier; no login needed',
      },
    },
    async (_request, reply) => {
      const { caPem } = app.context.sealing;
      if (!caPem) throw new AppError('NOT_FOUND');
      return (
        reply
          .type('application/x-pem-file')
          .header('content-disposition', 'attachment; filename="signlink-seal-ca.pem"')
          // It changes only when the operator replaces the seal certificate; an hour's cache is harmless.
          .header('cache-control', 'public, max-age=3600')
          .send(caPem)
      );
    },
  );
};
