import type { AcceptInvitationRequest } from '@signlink/contracts/accounts/customer-invitations';
import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { startSession } from '../auth/start-session.ts';
import { type CompanyDeps, createCompanyAccount } from '../companies/create-company-account.ts';
import { presentCustomerInvitationDetails } from './customer-invitations.presenter.ts';
import {
  type CustomerInvitationRow,
  findCustomerInvitation,
  findCustomerInvitationDetails,
  findPersonalAccountOf,
  lockCustomerInvitationRow,
  recordPartnerOnce,
  updateCustomerInvitation,
} from './customer-invitations.repository.ts';
import { assertPending, authorizeAcceptance } from './invitation.policy.ts';
import { insertPersonalAccount } from './personal-account.ts';
import { findUser } from './users.repository.ts';

/**
 * `GET account/invitations/{id}/details` for a customer invitation, without a session: the `/register/{id}`
 * page shows what the partner offers. As for user invitations, the id is the credential.
 */
export async function findCustomerInvitationDetailsOrThrow(deps: { db: Database }, input: { invitationId: string }) {
  const row = await findCustomerInvitationDetails(deps.db, input.invitationId);
  if (!row) throw new AppError('NOT_FOUND', { details: { resource: 'invitation' } });
  assertPending(row.invitation);
  return presentCustomerInvitationDetails(row);
}

/**
 * `POST account/invitations/{id}/accept` for a customer invitation (SPEC sections 2, 5 and 6): the signed-in
 * person with the invited address opens the account, exactly as the add-company and add-personal-account
 * wizards do, with the partner recorded; the invitation is accepted in the same transaction. 201 with a token
 * for the new account.
 */
export async function acceptCustomerInvitation(
  deps: CompanyDeps,
  actor: Actor,
  input: { invitationId: string; body: AcceptInvitationRequest },
) {
  const user = await findUser(deps.db, actor.userId);
  if (!user) throw new AppError('SESSION_EXPIRED');
  const found = await findCustomerInvitation(deps.db, input.invitationId);
  if (!found) throw new AppError('NOT_FOUND', { details: { resource: 'invitation' } });
  const { invitation } = found;
  assertPending(invitation);
  authorizeAcceptance(user, invitation);

  // Checked again under the row lock: two tabs accepting at once make one account.
  const markAccepted = async (tx: Transaction, accountId: string) => {
    const locked = await lockCustomerInvitationRow(tx, invitation.id);
    if (!locked) throw new AppError('NOT_FOUND', { details: { resource: 'invitation' } });
    assertPending(locked);
    await updateCustomerInvitation(tx, invitation.id, {
      status: 'accepted',
      acceptedBy: user.id,
      createdAccountId: accountId,
      decidedAt: new Date(),
    });
  };
  const options = { partnerAccountId: invitation.partnerAccountId, inTransaction: markAccepted };

  if (invitation.kind === 'company') {
    return createCompanyAccount(
      deps,
      actor,
      { CountryCode: 'SE', OrgNumber: companyOrgNumber(invitation), ClientAccessKey: clientAccessKey(input.body) },
      options,
    );
  }
  // SPEC section 5: one personal account per user. Sign-up gives everyone one (registrations.repository.ts), so an
  // invitee whose personal account no partner brought yet gets this partner recorded on it, as a referral link's
  // sign-up does; one that another partner brought stays theirs.
  const personal = await findPersonalAccountOf(deps.db, user.id);
  if (personal) {
    if (personal.partnerAccountId) throw new AppError('ACCOUNT_EXISTS', { details: { reason: 'personal-account' } });
    await deps.db.transaction(async (tx) => {
      if (!(await recordPartnerOnce(tx, personal.id, invitation.partnerAccountId))) {
        throw new AppError('ACCOUNT_EXISTS', { details: { reason: 'personal-account' } });
      }
      await markAccepted(tx, personal.id);
    });
    return startSession(
      { db: deps.db, secret: deps.secret },
      { userId: user.id, accountId: personal.id, method: 'switch' },
    );
  }
  const accountId = await insertPersonalAccount(deps.db, {
    userId: user.id,
    email: invitation.email,
    currency: input.body?.Currency ?? 'SEK',
    ...options,
  });
  return startSession({ db: deps.db, secret: deps.secret }, { userId: user.id, accountId, method: 'switch' });
}

function companyOrgNumber(invitation: CustomerInvitationRow): string {
  // The schema's check gives every company invitation its organisation number.
  if (!invitation.orgNumber) throw new AppError('UNEXPECTED_ERROR', { details: { reason: 'org-number-missing' } });
  return invitation.orgNumber;
}

/** A company is proven by the invitee's completed organisation-number BankID order for THAT number. */
function clientAccessKey(body: AcceptInvitationRequest): string {
  if (!body?.ClientAccessKey) {
    throw new AppError('VALIDATION_FAILED', {
      details: { issues: [{ path: 'body.ClientAccessKey', message: 'required for a company invitation' }] },
    });
  }
  return body.ClientAccessKey;
}
