import {
  confirmBulkSendRoute,
  findBulkSendRoute,
  previewBulkSendRoute,
} from '@signlink/contracts/bulk-send/bulk-send.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { confirmBulkSend, findBulkSendProgress, previewBulkSend } from './bulk-send.service.ts';

/** Bulk send (issue 24, part 7): a template to many from a CSV, previewed, confirmed, followed. */
export const bulkSendRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ database: app.context.database, queue: app.context.queue });

  route(app, previewBulkSendRoute, async (request, reply) => {
    const preview = await previewBulkSend(deps(), request.actor, {
      templateId: request.params.id,
      csv: request.body.Csv,
    });
    return reply.code(201).send(preview);
  });
  route(app, confirmBulkSendRoute, (request) =>
    confirmBulkSend(deps(), request.actor, { id: request.params.id, brand: request.brand.id }),
  );
  route(app, findBulkSendRoute, (request) => findBulkSendProgress(deps(), request.actor, request.params.id));
};
