import {
  ZAccountUser,
  ZAccountUsersResponse,
  ZChangeRoleRequest,
  ZUserParams,
  ZUserRoleParams,
} from '@signlink/contracts/accounts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../plugins/auth.ts';
import { bearerSecurity, accountRouteErrors as errors } from './account-route-schemas.ts';
import { invitationRoutes } from './invitations.routes.ts';
import { changeMemberRole, listAccountUsers, removeMember } from './users.service.ts';

/** SPEC section 7 "Accounts": an account's users (SPEC section 6: only administrators manage them). */
export const accountUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(invitationRoutes);
  const deps = () => ({ db: app.context.database.db });
  const schema = (summary: string) => ({ tags: ['account users'], summary, security: bearerSecurity });

  app.get(
    '/linktinker/app/account/users',
    {
      schema: {
        ...schema("The account's members and pending invitations (administrators)"),
        response: { 200: ZAccountUsersResponse, ...errors },
      },
    },
    async (request) => listAccountUsers(deps(), requireActor(request)),
  );

  app.put(
    '/linktinker/app/users/:userId/role',
    {
      schema: {
        ...schema("Change a member's role; the account always keeps an administrator"),
        params: ZUserRoleParams,
        body: ZChangeRoleRequest,
        response: { 200: ZAccountUser, ...errors },
      },
    },
    async (request) =>
      changeMemberRole(deps(), requireActor(request), { userId: request.params.userId, role: request.body.role }),
  );

  app.post(
    '/linktinker/app/users/:id/remove',
    {
      schema: {
        ...schema('Remove a member from the account: their token for it stops at once'),
        params: ZUserParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeMember(deps(), requireActor(request), { userId: request.params.id });
      return reply.code(204).send(null);
    },
  );
};
