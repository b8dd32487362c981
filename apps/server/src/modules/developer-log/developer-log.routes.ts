import { listDeveloperLogRoute } from '@signlink/contracts/developer/developer-log.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { listDeveloperLog } from './developer-log.service.ts';

/** The developer log (SPEC `/logger`; issue 26, part 6). */
export const developerLogRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, listDeveloperLogRoute, (request) =>
    listDeveloperLog({ db: app.context.database.db }, request.actor, request.query),
  );
};
