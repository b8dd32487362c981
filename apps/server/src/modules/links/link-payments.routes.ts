import {
  findSignPayDetailsRoute,
  findSignPayStatusRoute,
  listLinkPaymentsRoute,
  startSignPayRoute,
} from '@signlink/contracts/sign-pay/sign-pay.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { findSignPayDetails, findSignPayStatus, listLinkPayments } from './link-payments.service.ts';
import { startSignPay } from './start-sign-pay.ts';

/** The paying party's Sign & Pay calls (SPEC section 7; issue 25, part 3), each with the link's RequestToken. */
export const linkPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.context.database.db,
    provider: app.context.payments.provider,
    queue: app.context.queue,
    database: app.context.database,
    messaging: app.context.messaging,
    secret: app.context.config.sessionSecret,
  });

  route(app, listLinkPaymentsRoute, (request) =>
    listLinkPayments(deps(), { linkId: request.params.id, requestToken: request.query.requestToken }),
  );
  route(app, startSignPayRoute, (request) =>
    startSignPay(
      { ...deps(), origin: app.context.messaging.publicUrls.forBrand(request.brand.id) },
      { linkId: request.params.id, body: request.body },
    ),
  );
  route(app, findSignPayStatusRoute, (request) =>
    findSignPayStatus(deps(), { linkId: request.params.id, body: request.body }),
  );
  route(app, findSignPayDetailsRoute, (request) =>
    findSignPayDetails(deps(), {
      linkId: request.params.id,
      requestToken: request.body.RequestToken,
      paymentId: request.body.GetPaidPaymentId,
    }),
  );
};
