import {
  inviteCompanyCustomerRoute,
  invitePersonalCustomerRoute,
  listCustomerInvitationsRoute,
} from '@signlink/contracts/accounts/customer-invitations.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { inviteCustomer, listPartnerCustomerInvitations } from './customer-invitations.service.ts';

/**
 * SPEC sections 6 and 7: a partner's administrators invite customer accounts. Revoke, remind, details and
 * accept share `account/invitations/{id}` with user invitations (invitations.routes.ts).
 */
export const customerInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ database: app.context.database, queue: app.context.queue, messaging: app.context.messaging });

  route(app, inviteCompanyCustomerRoute, async (request, reply) => {
    const { invitation, isNew } = await inviteCustomer(deps(), request.actor, {
      kind: 'company',
      ...request.body,
      locale: request.locale,
      brand: request.brand.id,
    });
    return reply.code(isNew ? 201 : 200).send(invitation);
  });

  route(app, invitePersonalCustomerRoute, async (request, reply) => {
    const { invitation, isNew } = await inviteCustomer(deps(), request.actor, {
      kind: 'personal',
      ...request.body,
      locale: request.locale,
      brand: request.brand.id,
    });
    return reply.code(isNew ? 201 : 200).send(invitation);
  });

  route(app, listCustomerInvitationsRoute, (request) => listPartnerCustomerInvitations(deps(), request.actor));
};
