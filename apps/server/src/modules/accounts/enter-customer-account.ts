import { roles } from '@signlink/contracts/auth/roles';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { startSession } from '../auth/start-session.ts';
import { authorizePartnerAdmin } from '../document-core/account.policy.ts';
import { findAccountWithPartner } from './customer-accounts.repository.ts';
import { insertMembershipOnce } from './users.repository.ts';

/**
 * `POST accounts/token` (SPEC sections 6 and 7): a partner's administrator enters a customer account of that
 * partner. They act for it as its administrator (the partner manages the customer's plan and users), so the
 * membership is made on first entry and the session is an ordinary one; any other account is "not found".
 */
export async function enterCustomerAccount(
  deps: { db: Database; secret: string },
  actor: Actor,
  input: { AccountId: string },
) {
  authorizePartnerAdmin(actor, 'customers.manage');
  const customer = await findAccountWithPartner(deps.db, input.AccountId);
  if (!customer || customer.partnerAccountId !== actor.accountId) {
    throw new AppError('NOT_FOUND', { details: { reason: 'not-a-customer-of-the-partner' } });
  }
  await insertMembershipOnce(deps.db, { userId: actor.userId, accountId: customer.id, role: roles.administrator });
  return startSession(deps, { userId: actor.userId, accountId: customer.id, method: 'partner' });
}
