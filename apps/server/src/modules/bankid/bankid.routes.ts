import {
  cancelBankIdOrderRoute,
  refreshBankIdOrderRoute,
  startBankIdOrderRoute,
  startOrgNumberBankIdOrderRoute,
} from '@signlink/contracts/bankid/bankid.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { cancelBankIdOrder, refreshBankIdOrder, startBankIdOrder } from './bankid-orders.service.ts';
import { appOrderScope, orgOrderScope } from './order-scopes.ts';

const anyAppOrder = { purposes: [...appOrderScope.purposes, ...orgOrderScope.purposes] };

/**
 * SPEC section 7's BankID order endpoints for login, registration and the organisation-number check. They
 * need no session: the order is the way in. Who holds the ClientAccessKey holds the order, as with
 * BankID's own orderRef. What a completed order means is read above bankid/: a login in
 * auth/bankid-login.routes.ts, an organisation in companies/org-number-bankid.routes.ts.
 */
export const bankIdRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.context.database.db,
    client: app.context.bankId.client,
  });

  route(app, startBankIdOrderRoute, (request) =>
    startBankIdOrder(deps(), {
      purpose: request.body.Purpose,
      endUserIp: request.ip,
      replacesClientAccessKey: request.body.ReplacesClientAccessKey,
    }),
  );

  route(app, startOrgNumberBankIdOrderRoute, (request) =>
    startBankIdOrder(deps(), {
      purpose: 'org-validation',
      endUserIp: request.ip,
      replacesClientAccessKey: request.body.ReplacesClientAccessKey,
    }),
  );

  route(app, refreshBankIdOrderRoute, (request) =>
    refreshBankIdOrder(deps(), request.params.clientAccessKey, anyAppOrder),
  );

  route(app, cancelBankIdOrderRoute, async (request, reply) => {
    await cancelBankIdOrder(deps(), request.params.clientAccessKey, anyAppOrder);
    return reply.code(204).send(null);
  });
};
