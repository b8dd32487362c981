import {
  changeMemberRoleRoute,
  listAccountUsersRoute,
  removeMemberRoute,
} from '@signlink/contracts/accounts/users.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { invitationRoutes } from './invitations.routes.ts';
import { changeMemberRole, listAccountUsers, removeMember } from './users.service.ts';

/** SPEC section 7 "Accounts": an account's users (SPEC section 6: only administrators manage them). */
export const accountUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(invitationRoutes);
  const deps = () => ({ db: app.context.database.db });

  route(app, listAccountUsersRoute, (request) => listAccountUsers(deps(), request.actor));

  route(app, changeMemberRoleRoute, (request) =>
    changeMemberRole(deps(), request.actor, { userId: request.params.userId, role: request.body.role }),
  );

  route(app, removeMemberRoute, async (request, reply) => {
    await removeMember(deps(), request.actor, { userId: request.params.id });
    return reply.code(204).send(null);
  });
};
