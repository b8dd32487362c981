import { z } from 'zod';
import { defineRoute } from '../http/route-contract.ts';
import { ZAccountUser, ZAccountUsersResponse, ZChangeRoleRequest, ZUserParams, ZUserRoleParams } from './users.ts';

/** SPEC section 7 "Accounts": an account's users (SPEC section 6: only administrators manage them). */
const tags = ['account users'];
const callers = ['session'] as const;

export const listAccountUsersRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/account/users',
  tags,
  callers,
  summary: "The account's members and pending invitations (administrators)",
  responses: { 200: ZAccountUsersResponse },
  errors: ['FORBIDDEN'],
});

export const changeMemberRoleRoute = defineRoute({
  method: 'PUT',
  path: '/linktinker/app/users/:userId/role',
  tags,
  callers,
  summary: "Change a member's role; the account always keeps an administrator",
  params: ZUserRoleParams,
  body: ZChangeRoleRequest,
  responses: { 200: ZAccountUser },
  errors: ['FORBIDDEN', 'NOT_FOUND', 'LAST_ADMINISTRATOR'],
});

export const removeMemberRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/users/:id/remove',
  tags,
  callers,
  summary: 'Remove a member from the account: their token for it stops at once',
  params: ZUserParams,
  responses: { 204: z.null() },
  errors: ['FORBIDDEN', 'NOT_FOUND', 'LAST_ADMINISTRATOR'],
});
