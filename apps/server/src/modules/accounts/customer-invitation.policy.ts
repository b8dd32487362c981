import { AppError } from '../../errors.ts';
import { authorize, type PolicyActor } from '../document-core/account.policy.ts';

/**
 * SPEC section 6, "partners add customer accounts, see invitations and referral links": an administrator of an
 * account the provider made a partner (the session's account says which, no extra read). Another account's
 * invitation or link is "not found" (ids cannot be probed), a role's limit or a non-partner account "forbidden".
 */
export function authorizePartnerAdmin(
  actor: PolicyActor & { isPartner: boolean },
  action: 'customers.manage' | 'referralLinks.manage',
  target?: { accountId: string },
): void {
  authorize(actor, action, target);
  if (!actor.isPartner) throw new AppError('FORBIDDEN', { details: { action, reason: 'not-a-partner' } });
}
