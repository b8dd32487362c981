import type { CustomerInvitationKind } from '@signlink/contracts/accounts/customer-invitations';
import { customerInvitationIdPrefix } from '@signlink/contracts/accounts/customer-invitations';
import { normalizeEmailAddress } from '@signlink/contracts/validation/email-address';
import { parseOrgNumber } from '@signlink/contracts/validation/org-number';
import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { newId } from '../../lib/ids.ts';
import { authorize, authorizePartnerAdmin } from '../document-core/account.policy.ts';
import { sendMessage } from '../messaging/send-message.ts';
import { presentCustomerInvitation } from './customer-invitations.presenter.ts';
import {
  type CustomerInvitationRow,
  findCustomerInvitation,
  insertPendingCustomerInvitationOnce,
  listCustomerInvitations,
  lockCustomerInvitationRow,
  lockPendingCustomerInvitation,
  updateCustomerInvitation,
} from './customer-invitations.repository.ts';
import { assertPending, assertResendAllowed } from './invitation.policy.ts';
import { findInviter, type InvitationsDeps, type MessageSettings } from './invitations.service.ts';
import { findAccount } from './users.repository.ts';

type InviteInput = { EmailAddress: string; Name?: string | undefined } & MessageSettings &
  ({ kind: 'personal' } | { kind: 'company'; OrgNumber: string; CountryCode: string });

/**
 * `POST account/invite` and `account/invite/personal` (SPEC sections 2, 5, 6 and 7): a pending invitation and
 * its e-mail in one transaction (the outbox). An address already invited by the partner for the same company
 * (or personal account) gets that invitation again, under the reminder limit: 200 instead of 201.
 */
export async function inviteCustomer(deps: InvitationsDeps, actor: Actor, input: InviteInput) {
  authorizePartnerAdmin(actor, 'customers.manage');
  const email = normalizeEmailAddress(input.EmailAddress);
  const orgNumber = input.kind === 'company' ? provenSwedishOrgNumber(input) : null;
  if (!email.isValid) throw new AppError('INVALID_EMAIL', { details: { field: 'EmailAddress' } });
  const now = new Date();
  const result = await deps.database.db.transaction(async (tx) => {
    const inserted = await insertPendingCustomerInvitationOnce(tx, {
      id: newId(customerInvitationIdPrefix.slice(0, -1)),
      partnerAccountId: actor.accountId,
      kind: input.kind,
      email: email.address,
      orgNumber,
      name: input.Name ?? null,
      locale: input.locale,
      status: 'pending',
      invitedBy: actor.userId,
      createdAt: now,
    });
    if (inserted) {
      await queueCustomerInvitationEmail(deps, tx, actor, inserted, input);
      return { id: inserted.id, isNew: true };
    }
    const pending = await lockPendingCustomerInvitation(tx, {
      partnerAccountId: actor.accountId,
      kind: input.kind,
      email: email.address,
      orgNumber,
    });
    if (!pending) throw new AppError('UNEXPECTED_ERROR', { details: { reason: 'invitation-conflict' } });
    await resendCustomerInvitation(deps, tx, actor, pending, input, now);
    return { id: pending.id, isNew: false };
  });
  return { invitation: await presentedCustomerInvitation(deps, result.id), isNew: result.isNew };
}

/**
 * SPEC section 5: international accounts cannot be invited as company accounts, since the invitee proves the
 * company with a Swedish organisation-number BankID order. The country is judged before the number, so a
 * foreign company hears the rule rather than "not an organisation number".
 */
function provenSwedishOrgNumber(input: { OrgNumber: string; CountryCode: string }): string {
  if (input.CountryCode !== 'SE') {
    throw new AppError('INTERNATIONAL_COMPANY_INVITE', { details: { field: 'CountryCode' } });
  }
  const digits = parseOrgNumber(input.OrgNumber);
  if (!digits) {
    throw new AppError('VALIDATION_FAILED', {
      details: { issues: [{ path: 'body.OrgNumber', message: 'an organisation number' }] },
    });
  }
  return digits;
}

/** `GET account/customerinvitations`: every customer invitation of the partner, newest first. */
export async function listPartnerCustomerInvitations(deps: InvitationsDeps, actor: Actor) {
  authorizePartnerAdmin(actor, 'customers.manage');
  const rows = await listCustomerInvitations(deps.database.db, actor.accountId);
  return { Invitations: rows.map(presentCustomerInvitation) };
}

/** `PUT account/invitations/{id}` for a customer invitation: as for user invitations, pending becomes cancelled. */
export async function revokeCustomerInvitation(deps: InvitationsDeps, actor: Actor, input: { invitationId: string }) {
  authorizePartnerAdmin(actor, 'customers.manage');
  await deps.database.db.transaction(async (tx) => {
    const invitation = await ownCustomerInvitationOrThrow(tx, actor, input.invitationId);
    if (invitation.status === 'cancelled') return;
    assertPending(invitation);
    await updateCustomerInvitation(tx, invitation.id, { status: 'cancelled', decidedAt: new Date() });
  });
  return presentedCustomerInvitation(deps, input.invitationId);
}

/** `POST account/invitations/{id}/remind` for a customer invitation: at most once an hour. */
export async function remindCustomerInvitation(
  deps: InvitationsDeps,
  actor: Actor,
  input: { invitationId: string } & MessageSettings,
) {
  authorizePartnerAdmin(actor, 'customers.manage');
  await deps.database.db.transaction(async (tx) => {
    const invitation = await ownCustomerInvitationOrThrow(tx, actor, input.invitationId);
    assertPending(invitation);
    await resendCustomerInvitation(deps, tx, actor, invitation, input, new Date());
  });
  return presentedCustomerInvitation(deps, input.invitationId);
}

async function ownCustomerInvitationOrThrow(tx: Transaction, actor: Actor, invitationId: string) {
  const invitation = await lockCustomerInvitationRow(tx, invitationId);
  if (!invitation) throw new AppError('NOT_FOUND', { details: { resource: 'invitation' } });
  authorize(actor, 'customers.manage', { accountId: invitation.partnerAccountId });
  return invitation;
}

/** The same rule as user invitations (assertResendAllowed), then the e-mail again. */
async function resendCustomerInvitation(
  deps: InvitationsDeps,
  tx: Transaction,
  actor: Actor,
  invitation: CustomerInvitationRow,
  settings: MessageSettings,
  now: Date,
) {
  assertResendAllowed(invitation, now);
  await updateCustomerInvitation(tx, invitation.id, { remindedAt: now });
  await queueCustomerInvitationEmail(deps, tx, actor, invitation, settings);
}

async function queueCustomerInvitationEmail(
  deps: InvitationsDeps,
  tx: Transaction,
  actor: Actor,
  invitation: CustomerInvitationRow,
  settings: MessageSettings,
) {
  const partner = await findAccount(tx, invitation.partnerAccountId);
  const inviter = await findInviter(tx, invitation, actor);
  if (!partner || !inviter) throw new AppError('UNEXPECTED_ERROR', { details: { reason: 'invitation-parties' } });
  const kind: CustomerInvitationKind = invitation.kind;
  await sendMessage(
    deps,
    {
      kind: 'customer-invitation',
      channel: 'email',
      to: invitation.email,
      data: {
        customerKind: kind,
        partnerName: partner.name,
        inviterName: inviter.name,
        ...(invitation.name ? { customerName: invitation.name } : {}),
        invitationId: invitation.id,
      },
      locale: settings.locale,
      brand: settings.brand,
      accountId: invitation.partnerAccountId,
      invitationId: invitation.id,
    },
    tx,
  );
}

async function presentedCustomerInvitation(deps: InvitationsDeps, invitationId: string) {
  const row = await findCustomerInvitation(deps.database.db, invitationId);
  if (!row) throw new AppError('NOT_FOUND', { details: { resource: 'invitation' } });
  return presentCustomerInvitation(row);
}
