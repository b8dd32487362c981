import {
  acceptInvitationRoute,
  findInvitationDetailsRoute,
  inviteUserRoute,
  listInvitationsRoute,
  remindAnyInvitationRoute,
  revokeAnyInvitationRoute,
  revokeInvitationRoute,
} from '@signlink/contracts/accounts/invitations.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { customerInvitationRoutes } from './customer-invitations.routes.ts';
import {
  acceptAnyInvitation,
  findAnyInvitationDetails,
  remindAnyInvitation,
  revokeAnyInvitation,
} from './invitation-kinds.ts';
import { inviteUser, listAccountInvitations, revokeInvitation } from './invitations.service.ts';

/** SPEC sections 4 and 7: user invitations (pending, cancelled, accepted), and a partner's customer invitations. */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(customerInvitationRoutes);
  const deps = () => ({ database: app.context.database, queue: app.context.queue, messaging: app.context.messaging });
  const sessionDeps = () => ({ db: app.context.database.db, secret: app.context.config.sessionSecret });
  // Accepting a company invitation opens the company as the add-company wizard does (BankID, registry, VIES).
  const companyDeps = () => ({
    ...sessionDeps(),
    client: app.context.bankId.client,
    registry: app.context.companyRegistry.registry,
    vat: app.context.vatValidation.validator,
  });

  route(app, inviteUserRoute, async (request, reply) => {
    const { invitation, isNew } = await inviteUser(deps(), request.actor, {
      ...request.body,
      locale: request.locale,
      brand: request.brand.id,
    });
    return reply.code(isNew ? 201 : 200).send(invitation);
  });

  route(app, listInvitationsRoute, (request) => listAccountInvitations(deps(), request.actor));

  route(app, revokeAnyInvitationRoute, (request) =>
    revokeAnyInvitation(deps(), request.actor, { invitationId: request.params.id }),
  );

  route(app, revokeInvitationRoute, (request) =>
    revokeInvitation(deps(), request.actor, { invitationId: request.params.id }),
  );

  route(app, remindAnyInvitationRoute, (request) =>
    remindAnyInvitation(deps(), request.actor, {
      invitationId: request.params.id,
      locale: request.locale,
      brand: request.brand.id,
    }),
  );

  route(app, findInvitationDetailsRoute, (request) =>
    findAnyInvitationDetails(sessionDeps(), { invitationId: request.params.id }),
  );

  route(app, acceptInvitationRoute, async (request, reply) => {
    const state = await acceptAnyInvitation(companyDeps(), request.actor, {
      invitationId: request.params.id,
      body: request.body,
    });
    return reply.code(201).send(state);
  });
};
