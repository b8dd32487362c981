import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { switchAccount } from '../auth/current-session.ts';
import type { SessionDeps } from '../auth/start-session.ts';
import { assertPending, authorizeAcceptance } from './invitation.policy.ts';
import { findInvitationDetails, lockInvitationRow, updateInvitation } from './invitations.repository.ts';
import { presentInvitationDetails } from './users.presenter.ts';
import { findUser, insertMembershipOnce } from './users.repository.ts';

/**
 * `GET account/invitations/{id}/details`, without a session: the `/register/{id}` page shows the company,
 * who invited and a masked address before the person logs in or signs up. The id is the credential (128
 * random bits), so no policy applies; a revoked or used invitation shows nothing more than its state.
 */
export async function findInvitationDetailsOrThrow(deps: SessionDeps, input: { invitationId: string }) {
  const row = await findInvitationDetails(deps.db, input.invitationId);
  if (!row) throw new AppError('NOT_FOUND', { details: { resource: 'invitation' } });
  assertPending(row.invitation);
  return presentInvitationDetails(row);
}

/**
 * `POST account/invitations/{id}/accept`: the signed-in person becomes a member with the invited role, and
 * the invitation is accepted, in one transaction; then they act for that account with a new token, as
 * account switching does (201, the old token stops). SPEC section 5: not when they already have access.
 */
export async function acceptInvitation(deps: SessionDeps, actor: Actor, input: { invitationId: string }) {
  const user = await findUser(deps.db, actor.userId);
  if (!user) throw new AppError('SESSION_EXPIRED');
  const accountId = await deps.db.transaction(async (tx) => {
    const invitation = await lockInvitationRow(tx, input.invitationId);
    if (!invitation) throw new AppError('NOT_FOUND', { details: { resource: 'invitation' } });
    assertPending(invitation);
    authorizeAcceptance(user, invitation);
    const isAdded = await insertMembershipOnce(tx, {
      userId: user.id,
      accountId: invitation.accountId,
      role: invitation.role,
    });
    if (!isAdded) throw new AppError('ALREADY_HAS_COMPANY_ACCESS');
    await updateInvitation(tx, invitation.id, { status: 'accepted', acceptedBy: user.id, decidedAt: new Date() });
    return invitation.accountId;
  });
  return switchAccount(deps, actor, accountId);
}
