import { downloadSealCaRoute } from '@signlink/contracts/documents/seal-ca.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { route } from '../../http/route.ts';

export const sealCaRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, downloadSealCaRoute, async (_request, reply) => {
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
  });
};
