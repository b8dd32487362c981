import type { BrandId } from '@signlink/brands/brand-config';
import type { Locale } from '@signlink/contracts/locales';
import { normalizeEmailAddress } from '@signlink/contracts/validation/email-address';
import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { newId } from '../../lib/ids.ts';
import { authorize } from '../document-core/account.policy.ts';
import { type SendMessageDeps, sendMessage } from '../messaging/send-message.ts';
import { assertPending, assertResendAllowed } from './invitation.policy.ts';
import {
  findInvitation,
  type InvitationRow,
  insertPendingInvitationOnce,
  listInvitations,
  lockInvitationRow,
  lockPendingInvitationForEmail,
  updateInvitation,
} from './invitations.repository.ts';
import { presentInvitation } from './users.presenter.ts';
import { findAccount, findUser, isEmailMember } from './users.repository.ts';

export type InvitationsDeps = SendMessageDeps;

/** The caller's language and brand: the invitation e-mail goes out in them (the invitee's are not known). */
export interface MessageSettings {
  locale: Locale;
  brand: BrandId;
}

/**
 * `POST users/invite`: a pending invitation and its e-mail, in one transaction (the outbox). SPEC section 5:
 * one e-mail per person per company account, so a member's address is refused, and a personal account has
 * no other users. An address with a pending invitation gets that one again, under the reminder limit.
 */
export async function inviteUser(
  deps: InvitationsDeps,
  actor: Actor,
  input: { email: string; role: number } & MessageSettings,
) {
  authorize(actor, 'users.manage', { accountId: actor.accountId });
  if (actor.accountKind === 'personal') throw new AppError('PERSONAL_ACCOUNT_NO_USERS');
  const email = normalizeEmailAddress(input.email);
  if (!email.isValid) throw new AppError('INVALID_EMAIL', { details: { field: 'email' } });
  const now = new Date();
  const result = await deps.database.db.transaction(async (tx) => {
    if (await isEmailMember(tx, actor.accountId, email.address)) {
      throw new AppError('ALREADY_HAS_COMPANY_ACCESS', { details: { field: 'email' } });
    }
    const inserted = await insertPendingInvitationOnce(tx, {
      id: newId('inv'),
      accountId: actor.accountId,
      email: email.address,
      role: input.role,
      status: 'pending',
      invitedBy: actor.userId,
      createdAt: now,
    });
    if (inserted) {
      await queueInvitationEmail(deps, tx, actor, inserted, input);
      return { id: inserted.id, isNew: true };
    }
    const pending = await lockPendingInvitationForEmail(tx, actor.accountId, email.address);
    if (!pending) throw new AppError('UNEXPECTED_ERROR', { details: { reason: 'invitation-conflict' } });
    await resendInvitation(deps, tx, actor, pending, input, now);
    return { id: pending.id, isNew: false };
  });
  return { invitation: await presentedInvitation(deps, result.id), isNew: result.isNew };
}

/** `GET account/invitations`: every invitation of the account with its status, newest first. */
export async function listAccountInvitations(deps: InvitationsDeps, actor: Actor) {
  authorize(actor, 'users.manage', { accountId: actor.accountId });
  const rows = await listInvitations(deps.database.db, actor.accountId);
  return { Invitations: rows.map((row) => presentInvitation(row.invitation, row.inviterName)) };
}

/**
 * `PUT account/invitations/{id}` and `DELETE users/{id}/invite`: pending becomes cancelled. Revoking a
 * cancelled one again answers it unchanged (SPEC section 7 tries every call twice); an accepted one stays.
 */
export async function revokeInvitation(deps: InvitationsDeps, actor: Actor, input: { invitationId: string }) {
  authorize(actor, 'users.manage', { accountId: actor.accountId });
  await deps.database.db.transaction(async (tx) => {
    const invitation = await ownInvitationOrThrow(tx, actor, input.invitationId);
    if (invitation.status === 'cancelled') return;
    assertPending(invitation);
    await updateInvitation(tx, invitation.id, { status: 'cancelled', decidedAt: new Date() });
  });
  return presentedInvitation(deps, input.invitationId);
}

/** `POST account/invitations/{id}/remind`: the e-mail again, at most once an hour (RATE_LIMITED otherwise). */
export async function remindInvitation(
  deps: InvitationsDeps,
  actor: Actor,
  input: { invitationId: string } & MessageSettings,
) {
  authorize(actor, 'users.manage', { accountId: actor.accountId });
  await deps.database.db.transaction(async (tx) => {
    const invitation = await ownInvitationOrThrow(tx, actor, input.invitationId);
    assertPending(invitation);
    await resendInvitation(deps, tx, actor, invitation, input, new Date());
  });
  return presentedInvitation(deps, input.invitationId);
}

/** Locked for the rest of the transaction; another account's invitation is "not found" (the policy's rule). */
async function ownInvitationOrThrow(tx: Transaction, actor: Actor, invitationId: string) {
  const invitation = await lockInvitationRow(tx, invitationId);
  if (!invitation) throw new AppError('NOT_FOUND', { details: { resource: 'invitation' } });
  authorize(actor, 'users.manage', invitation);
  return invitation;
}

async function resendInvitation(
  deps: InvitationsDeps,
  tx: Transaction,
  actor: Actor,
  invitation: InvitationRow,
  settings: MessageSettings,
  now: Date,
) {
  assertResendAllowed(invitation, now);
  await updateInvitation(tx, invitation.id, { remindedAt: now });
  await queueInvitationEmail(deps, tx, actor, invitation, settings);
}

async function queueInvitationEmail(
  deps: InvitationsDeps,
  tx: Transaction,
  actor: Actor,
  invitation: InvitationRow,
  settings: MessageSettings,
) {
  const account = await findAccount(tx, invitation.accountId);
  const inviter = await findInviter(tx, invitation, actor);
  if (!account || !inviter) throw new AppError('UNEXPECTED_ERROR', { details: { reason: 'invitation-parties' } });
  await sendMessage(
    deps,
    {
      kind: 'user-invitation',
      channel: 'email',
      to: invitation.email,
      data: { accountName: account.name, inviterName: inviter.name, invitationId: invitation.id },
      locale: settings.locale,
      brand: settings.brand,
      accountId: invitation.accountId,
      invitationId: invitation.id,
    },
    tx,
  );
}

/** The person who invited, while they exist; else the administrator sending it again (user and customer invitations). */
export async function findInviter(tx: Transaction, invitation: { invitedBy: string | null }, actor: Actor) {
  return (invitation.invitedBy && (await findUser(tx, invitation.invitedBy))) || (await findUser(tx, actor.userId));
}

async function presentedInvitation(deps: InvitationsDeps, invitationId: string) {
  const row = await findInvitation(deps.database.db, invitationId);
  if (!row) throw new AppError('NOT_FOUND', { details: { resource: 'invitation' } });
  return presentInvitation(row.invitation, row.inviterName);
}
