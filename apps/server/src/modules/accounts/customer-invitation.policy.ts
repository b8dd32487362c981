import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { authorize, type PolicyActor } from './account.policy.ts';
import { isPartnerAccount } from './customer-invitations.repository.ts';

/**
 * SPEC section 6, "partners add customer accounts, see invitations": an administrator of an account the
 * provider made a partner. Another account's invitation is "not found" (ids cannot be probed), a role's limit
 * or a non-partner account "forbidden".
 */
export async function authorizePartnerAdmin(
  db: Database,
  actor: PolicyActor,
  invitation?: { partnerAccountId: string },
): Promise<void> {
  authorize(actor, 'customers.manage', invitation ? { accountId: invitation.partnerAccountId } : undefined);
  if (!(await isPartnerAccount(db, actor.accountId))) {
    throw new AppError('FORBIDDEN', { details: { action: 'customers.manage', reason: 'not-a-partner' } });
  }
}
