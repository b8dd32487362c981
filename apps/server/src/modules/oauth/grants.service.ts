import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { findLiveApp } from './oauth-apps.repository.ts';
import { findOwnLiveGrant, listUserGrants, revokeGrants } from './oauth-grants.repository.ts';

interface Deps {
  db: Database;
}

/** What the consent screen shows of an app; a revoked or unknown one is OAUTH_CLIENT_UNKNOWN alike. */
export async function findOAuthClient(deps: Deps, clientId: string) {
  const live = await findLiveApp(deps.db, clientId);
  if (!live) throw new AppError('OAUTH_CLIENT_UNKNOWN', { details: { reason: 'no-such-app' } });
  return { ClientId: live.app.id, Name: live.app.name, CompanyName: live.companyName };
}

export async function listGrants(deps: Deps, actor: Actor) {
  const rows = await listUserGrants(deps.db, actor.userId);
  return {
    Grants: rows.map((row) => ({
      Id: row.grant.id,
      ClientId: row.app.id,
      AppName: row.app.name,
      CompanyName: row.companyName,
      AccountId: row.grant.accountId,
      AccountName: row.accountName,
      Scopes: row.grant.scopes,
      Created: row.grant.createdAt.toISOString(),
    })),
  };
}

/** The user's own grant only: anyone else's is NOT_FOUND, as one that never was. */
export async function revokeGrant(deps: Deps, actor: Actor, grantId: string) {
  const grant = await findOwnLiveGrant(deps.db, { grantId, userId: actor.userId });
  if (!grant) throw new AppError('NOT_FOUND', { details: { resource: 'oauth-grant' } });
  await deps.db.transaction((tx) => revokeGrants(tx, [grant.id], new Date()));
}
