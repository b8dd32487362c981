import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts, memberships } from '../../db/schema/accounts.ts';
import { sessions } from '../../db/schema/auth.ts';
import { oauthApps, oauthAuthorizationCodes, oauthGrants, oauthRefreshTokens } from '../../db/schema/oauth.ts';
import { newId } from '../../lib/ids.ts';

type Db = Database | Transaction;

/** A live grant with its live app, its user still a member of its account: what an app's token acts under. */
export async function findLiveGrant(db: Db, grantId: string) {
  const [row] = await db
    .select({ grant: oauthGrants, app: oauthApps })
    .from(oauthGrants)
    .innerJoin(oauthApps, eq(oauthApps.id, oauthGrants.appId))
    // A user who left the account takes the app's access to it with them: no new tokens, as no calls.
    .innerJoin(
      memberships,
      and(eq(memberships.userId, oauthGrants.userId), eq(memberships.accountId, oauthGrants.accountId)),
    )
    .where(and(eq(oauthGrants.id, grantId), isNull(oauthGrants.revokedAt), isNull(oauthApps.revokedAt)));
  return row;
}

export async function findUserGrant(db: Db, input: { appId: string; userId: string; accountId: string }) {
  const [row] = await db
    .select()
    .from(oauthGrants)
    .where(
      and(
        eq(oauthGrants.appId, input.appId),
        eq(oauthGrants.userId, input.userId),
        eq(oauthGrants.accountId, input.accountId),
        isNull(oauthGrants.revokedAt),
      ),
    );
  return row;
}

/** The user's live grants of live apps, with the app's and the accounts' names for the list. */
export async function listUserGrants(db: Db, userId: string) {
  const grants = await db
    .select({ grant: oauthGrants, app: oauthApps, accountName: accounts.name })
    .from(oauthGrants)
    .innerJoin(oauthApps, eq(oauthApps.id, oauthGrants.appId))
    .innerJoin(accounts, eq(accounts.id, oauthGrants.accountId))
    .where(and(eq(oauthGrants.userId, userId), isNull(oauthGrants.revokedAt), isNull(oauthApps.revokedAt)))
    .orderBy(desc(oauthGrants.createdAt));
  const owners = grants.length
    ? await db
        .select({ id: accounts.id, name: accounts.name })
        .from(accounts)
        .where(
          inArray(
            accounts.id,
            grants.map((row) => row.app.accountId),
          ),
        )
    : [];
  const ownerName = new Map(owners.map((owner) => [owner.id, owner.name]));
  return grants.map((row) => ({ ...row, companyName: ownerName.get(row.app.accountId) ?? '' }));
}

/**
 * Ends a grant and everything under it: its refresh tokens, unused codes and the sessions its access tokens name.
 * The token check reads the grant live anyway; this keeps the rows telling the truth.
 */
export async function revokeGrants(tx: Db, grantIds: string[], now: Date) {
  if (grantIds.length === 0) return;
  await tx
    .update(oauthGrants)
    .set({ revokedAt: now, updatedAt: now })
    .where(and(inArray(oauthGrants.id, grantIds), isNull(oauthGrants.revokedAt)));
  await tx
    .update(oauthRefreshTokens)
    .set({ revokedAt: now })
    .where(and(inArray(oauthRefreshTokens.grantId, grantIds), isNull(oauthRefreshTokens.revokedAt)));
  await tx
    .update(oauthAuthorizationCodes)
    .set({ usedAt: now })
    .where(and(inArray(oauthAuthorizationCodes.grantId, grantIds), isNull(oauthAuthorizationCodes.usedAt)));
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(inArray(sessions.oauthGrantId, grantIds), isNull(sessions.revokedAt)));
}

export async function grantIdsOfApp(tx: Db, appId: string) {
  const rows = await tx.select({ id: oauthGrants.id }).from(oauthGrants).where(eq(oauthGrants.appId, appId));
  return rows.map((row) => row.id);
}

/** One grant per app, user and account: consenting again replaces its scopes (the latest answer holds). */
export async function saveGrant(db: Db, input: { appId: string; userId: string; accountId: string; scopes: string[] }) {
  const existing = await findUserGrant(db, input);
  if (existing) {
    await db
      .update(oauthGrants)
      .set({ scopes: input.scopes, updatedAt: new Date() })
      .where(eq(oauthGrants.id, existing.id));
    return existing.id;
  }
  const id = newId('ogr');
  await db.insert(oauthGrants).values({ id, ...input });
  return id;
}

/** The user's own live grant, or nothing. */
export async function findOwnLiveGrant(db: Db, input: { grantId: string; userId: string }) {
  const [row] = await db
    .select({ id: oauthGrants.id })
    .from(oauthGrants)
    .where(and(eq(oauthGrants.id, input.grantId), eq(oauthGrants.userId, input.userId), isNull(oauthGrants.revokedAt)));
  return row;
}
