import {
  cancelLinkBankIdOrderRoute,
  refreshLinkBankIdOrderRoute,
  signLinkWithBankIdRoute,
  startLinkBankIdOrderRoute,
  startLinkOrgNumberOrderRoute,
  startLinkSignatureOrderRoute,
  validateLinkOrgNumberOrderRoute,
} from '@signlink/contracts/bankid/link-bankid.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { cancelBankIdOrder } from '../bankid/bankid-orders.service.ts';
import {
  type LinkOrderPurpose,
  refreshLinkBankIdOrder,
  startLinkBankIdOrder,
  validateLinkOrgNumberOrder,
  validateLinkSignatureOrder,
} from './link-bankid.service.ts';

/**
 * The recipient side's BankID endpoints (SPEC section 7). Recipients are guests: the link id, then the
 * order's ClientAccessKey, are what they hold, and an order made for one link is unknown to every other.
 */
export const linkBankIdRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.context.database.db,
    client: app.context.bankId.client,
    registry: app.context.companyRegistry.registry,
    secret: app.context.config.sessionSecret,
    queue: app.context.queue,
    database: app.context.database,
    messaging: app.context.messaging,
  });

  const starts = [
    [startLinkBankIdOrderRoute, 'link-access'],
    [startLinkSignatureOrderRoute, 'link-signature'],
    [startLinkOrgNumberOrderRoute, 'link-org-validation'],
  ] as const satisfies readonly (readonly [unknown, LinkOrderPurpose])[];
  for (const [contract, purpose] of starts) {
    route(app, contract, (request) =>
      startLinkBankIdOrder(deps(), {
        linkId: request.params.id,
        purpose,
        endUserIp: request.ip,
        requestToken: request.body.requestToken,
        replacesClientAccessKey: request.body.ReplacesClientAccessKey,
        // A signature order may name its slot (checked before the person signs in the app).
        signatureIndex: 'SignatureIndex' in request.body ? request.body.SignatureIndex : undefined,
      }),
    );
  }

  route(app, refreshLinkBankIdOrderRoute, (request) =>
    refreshLinkBankIdOrder(deps(), request.params.id, request.params.clientAccessKey),
  );

  route(app, cancelLinkBankIdOrderRoute, async (request, reply) => {
    await cancelBankIdOrder(deps(), request.params.clientAccessKey, {
      purposes: ['link-access', 'link-signature', 'link-org-validation'],
      linkId: request.params.id,
    });
    return reply.code(204).send(null);
  });

  route(app, signLinkWithBankIdRoute, (request) =>
    validateLinkSignatureOrder(deps(), request.params.id, request.body, {
      ipAddress: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      sessionUserId: request.actor?.userId ?? null,
      brand: request.brand.id,
    }),
  );

  route(app, validateLinkOrgNumberOrderRoute, (request) =>
    validateLinkOrgNumberOrder(deps(), request.params.id, request.body),
  );
};
