import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { readBalance } from '../billing/balance-ledger.ts';
import { findStartedPlan } from '../billing/plans.repository.ts';
import { presentAuthState } from './auth-state.presenter.ts';
import { findLiveSession, listUserAccounts, revokeSession } from './sessions.repository.ts';
import { type SessionDeps, startSession } from './start-session.ts';

/** `GET user`: the auth state of the caller's session, with the token they hold. */
export async function currentAuthState(deps: SessionDeps, actor: Actor, accessToken: string) {
  const live = await findLiveSession(deps.db, actor.sessionId, new Date());
  if (!live) throw new AppError('SESSION_EXPIRED');
  const accounts = await listUserAccounts(deps.db, actor.userId);
  const now = new Date();
  const balance = await readBalance(deps.db, live.account.id, now);
  const plan = await findStartedPlan(deps.db, live.account.id, { now });
  return presentAuthState({
    accessToken,
    expiresAt: live.session.expiresAt,
    live,
    accounts,
    balance,
    activePricePlan: plan?.planId ?? null,
  });
}

/** Another of the user's accounts, in a new session; the old token stops (SPEC section 7: 201 with a new token). */
export async function switchAccount(deps: SessionDeps, actor: Actor, accountId: string) {
  const state = await startSession(deps, { userId: actor.userId, accountId, method: 'switch' });
  await revokeSession(deps.db, actor.sessionId);
  return state;
}

/** "Stay signed in" before the session runs out (DECISIONS: warned 5 minutes before): a fresh 60 minutes. */
export async function refreshSession(deps: SessionDeps, actor: Actor) {
  const state = await startSession(deps, { userId: actor.userId, accountId: actor.accountId, method: 'refresh' });
  await revokeSession(deps.db, actor.sessionId);
  return state;
}

export async function logout(deps: SessionDeps, actor: Actor) {
  await revokeSession(deps.db, actor.sessionId);
}
