import { roles } from '@signlink/contracts/auth/roles';
import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { authorize } from '../document-core/account.policy.ts';
import { listInvitations } from './invitations.repository.ts';
import { presentInvitation, presentMember } from './users.presenter.ts';
import {
  countAdministrators,
  deleteMembership,
  findMember,
  listMembers,
  lockAccount,
  revokeAccountSessions,
  updateMemberRole,
} from './users.repository.ts';

export interface UsersDeps {
  db: Database;
}

/** `GET account/users`: the members and the pending invitations of the caller's account (admins only). */
export async function listAccountUsers(deps: UsersDeps, actor: Actor) {
  authorize(actor, 'users.manage', { accountId: actor.accountId });
  const members = await listMembers(deps.db, actor.accountId);
  const pending = await listInvitations(deps.db, actor.accountId, 'pending');
  return {
    Users: members.map((member) => presentMember(member, actor)),
    Invitations: pending.map((row) => presentInvitation(row.invitation, row.inviterName)),
  };
}

/** `PUT users/{userId}/role`: takes effect on the member's next request, since sessions read the role live. */
export async function changeMemberRole(deps: UsersDeps, actor: Actor, input: { userId: string; role: number }) {
  authorize(actor, 'users.manage', { accountId: actor.accountId });
  return deps.db.transaction(async (tx) => {
    await lockAccount(tx, actor.accountId);
    const member = await memberOrThrow(tx, actor, input.userId);
    if (member.role === roles.administrator && input.role !== roles.administrator) {
      await assertAnotherAdministrator(tx, actor.accountId);
    }
    if (member.role !== input.role) await updateMemberRole(tx, actor.accountId, member.userId, input.role);
    return presentMember({ ...member, role: input.role }, actor);
  });
}

/**
 * `POST users/{id}/remove`: the membership goes and the member's sessions for this account with it, so
 * their token stops at once. An administrator may remove themselves while another administrator stays.
 */
export async function removeMember(deps: UsersDeps, actor: Actor, input: { userId: string }) {
  authorize(actor, 'users.manage', { accountId: actor.accountId });
  await deps.db.transaction(async (tx) => {
    await lockAccount(tx, actor.accountId);
    const member = await memberOrThrow(tx, actor, input.userId);
    if (member.role === roles.administrator) await assertAnotherAdministrator(tx, actor.accountId);
    await deleteMembership(tx, actor.accountId, member.userId);
    await revokeAccountSessions(tx, actor.accountId, member.userId, new Date());
  });
}

/** Only members of the caller's own account are found: another account's user is "not found". */
async function memberOrThrow(tx: Transaction, actor: Actor, userId: string) {
  const member = await findMember(tx, actor.accountId, userId);
  if (!member) throw new AppError('NOT_FOUND', { details: { resource: 'user' } });
  return member;
}

/** SPEC section 6: administrators manage users, so an account without one could never be managed again. */
async function assertAnotherAdministrator(tx: Transaction, accountId: string) {
  if ((await countAdministrators(tx, accountId)) <= 1) throw new AppError('LAST_ADMINISTRATOR');
}
