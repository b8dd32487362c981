import { timings } from '@signlink/contracts/constants';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { readBalance } from '../billing/balance-ledger.ts';
import { findStartedPlan } from '../billing/plans.repository.ts';
import { signAccessToken } from './access-token.ts';
import { type AuthFlags, presentAuthState } from './auth-state.presenter.ts';
import { findLiveSession, insertSession, listUserAccounts } from './sessions.repository.ts';

export interface SessionDeps {
  db: Database;
  secret: string;
}

export type LoginMethod = 'password' | 'pin' | 'bankid' | 'switch' | 'refresh' | 'registration' | 'partner';

/**
 * Signs a user in to one of their accounts: the one asked for, else the first they hold (personal first).
 * The access token lives 60 minutes (DECISIONS, session length) and names its session row.
 */
export async function startSession(
  deps: SessionDeps,
  input: { userId: string; accountId?: string | undefined; method: LoginMethod; flags?: Partial<AuthFlags> },
) {
  const held = await listUserAccounts(deps.db, input.userId);
  const chosen = input.accountId ? held.find((row) => row.account.id === input.accountId) : held[0];
  if (!chosen) {
    throw new AppError(input.accountId ? 'ACCOUNT_SWITCH_FAILED' : 'UNAUTHENTICATED', {
      details: { reason: input.accountId ? 'not-a-member' : 'no-account' },
    });
  }
  const now = new Date();
  const sessionId = newId('ses');
  const expiresAt = new Date(now.getTime() + timings.accessTokenMinutes * 60_000);
  await insertSession(deps.db, {
    id: sessionId,
    userId: input.userId,
    accountId: chosen.account.id,
    method: input.method,
    createdAt: now,
    expiresAt,
  });
  const live = await findLiveSession(deps.db, sessionId, now);
  if (!live) throw new AppError('UNAUTHENTICATED', { details: { reason: 'session-vanished' } });
  const accessToken = await signAccessToken(deps.secret, {
    sessionId,
    userId: input.userId,
    accountId: chosen.account.id,
    expiresAt,
  });
  const balance = await readBalance(deps.db, chosen.account.id, now);
  const plan = await findStartedPlan(deps.db, chosen.account.id, { now });
  return presentAuthState({
    accessToken,
    expiresAt,
    live,
    accounts: held,
    flags: input.flags,
    balance,
    activePricePlan: plan?.planId ?? null,
  });
}
