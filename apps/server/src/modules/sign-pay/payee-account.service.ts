import type { PayeeAccount, PayeeAccountStatus } from '@signlink/contracts/sign-pay/payee-account';
import type { PaymentsProvider } from '@signlink/providers/payments/payments.port';
import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { findPayingAccount } from '../billing/payments.repository.ts';
import { appErrorOfPayments, requireProvider } from '../billing/start-checkout-payment.ts';
import { authorize, can } from '../document-core/account.policy.ts';
import { findPayeeAccount, type PayeeAccountRow, savePayeeAccount } from './payment-products.repository.ts';

export interface PayeeAccountDeps {
  db: Database;
  provider: PaymentsProvider | undefined;
}

function present(row: PayeeAccountRow | undefined, actor: Actor): PayeeAccount {
  return {
    Status: row?.status ?? 'not-connected',
    ConnectedAccountId: row?.connectedAccountId ?? null,
    ConnectedAt: row?.connectedAt?.toISOString() ?? null,
    CanManage: can(actor, 'billing.manage', { accountId: actor.accountId }),
  };
}

/**
 * Asks Stripe how the connected account stands and keeps the answer: connected once it can take payments. Also
 * what an `account.updated` webhook applies (without asking again: the event carries the account).
 */
export async function applyConnectedAccountState(
  db: Database | Transaction,
  input: { accountId: string; connectedAccountId: string; chargesEnabled: boolean; detailsSubmitted: boolean },
): Promise<PayeeAccountStatus> {
  const status: PayeeAccountStatus = input.chargesEnabled ? 'connected' : 'pending';
  const row = await findPayeeAccount(db, input.accountId);
  // A webhook for an account we replaced since (or never made) changes nothing.
  if (row?.connectedAccountId !== input.connectedAccountId) return row?.status ?? 'not-connected';
  await savePayeeAccount(db, input.accountId, {
    status,
    connectedAt: status === 'connected' ? (row.connectedAt ?? new Date()) : row.connectedAt,
  });
  return status;
}

/** While pending, the answer is Stripe's of now: the owner comes back from onboarding to this screen. */
export async function findPayeeAccountState(deps: PayeeAccountDeps, actor: Actor): Promise<PayeeAccount> {
  authorize(actor, 'account.view', { accountId: actor.accountId });
  const row = await findPayeeAccount(deps.db, actor.accountId);
  if (row?.status !== 'pending' || !row.connectedAccountId || !deps.provider) return present(row, actor);
  try {
    const account = await deps.provider.retrieveConnectedAccount(row.connectedAccountId);
    await applyConnectedAccountState(deps.db, {
      accountId: actor.accountId,
      connectedAccountId: account.id,
      chargesEnabled: account.chargesEnabled,
      detailsSubmitted: account.detailsSubmitted,
    });
  } catch (error) {
    throw appErrorOfPayments(error);
  }
  return present(await findPayeeAccount(deps.db, actor.accountId), actor);
}

/**
 * Stripe's onboarding page for the account's connected account, made on first use (its idempotency key is our
 * account's id, so two clicks make one). Administrators only: it decides where the account's money goes.
 */
export async function startPayeeOnboarding(
  deps: PayeeAccountDeps,
  actor: Actor,
  input: { origin: string; returnPath: string },
): Promise<{ Url: string }> {
  authorize(actor, 'billing.manage', { accountId: actor.accountId });
  const provider = requireProvider(deps.provider);
  const account = await findPayingAccount(deps.db, actor.accountId);
  if (!account) throw new AppError('NOT_FOUND');
  try {
    let row = await findPayeeAccount(deps.db, actor.accountId);
    if (!row?.connectedAccountId) {
      const connected = await provider.createConnectedAccount({
        accountId: actor.accountId,
        country: account.countryCode ?? 'SE',
        idempotencyKey: `connect-${actor.accountId}`,
      });
      await savePayeeAccount(deps.db, actor.accountId, {
        connectedAccountId: connected.id,
        status: connected.chargesEnabled ? 'connected' : 'pending',
        connectedAt: connected.chargesEnabled ? new Date() : null,
      });
      row = await findPayeeAccount(deps.db, actor.accountId);
    }
    const returnUrl = `${input.origin}/${input.returnPath}`;
    const link = await provider.createOnboardingLink({
      connectedAccountId: row?.connectedAccountId ?? '',
      returnUrl,
      refreshUrl: returnUrl,
    });
    return { Url: link.url };
  } catch (error) {
    throw appErrorOfPayments(error);
  }
}

/** What sending a Sign & Pay document needs: the connected account's id, or PAYEE_NOT_CONNECTED. */
export async function requireConnectedPayee(db: Database | Transaction, accountId: string): Promise<string> {
  const row = await findPayeeAccount(db, accountId);
  if (row?.status !== 'connected' || !row.connectedAccountId) throw new AppError('PAYEE_NOT_CONNECTED');
  return row.connectedAccountId;
}
