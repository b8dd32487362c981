import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { oauthApps, oauthRedirectUris } from '../../db/schema/oauth.ts';
import { newId } from '../../lib/ids.ts';
import { grantIdsOfApp, revokeGrants } from './oauth-grants.repository.ts';

type Db = Database | Transaction;

/** An app that is not revoked, with the name of the company that owns it. */
export async function findLiveApp(db: Db, appId: string) {
  const [row] = await db
    .select({ app: oauthApps, companyName: accounts.name })
    .from(oauthApps)
    .innerJoin(accounts, eq(accounts.id, oauthApps.accountId))
    .where(and(eq(oauthApps.id, appId), isNull(oauthApps.revokedAt)));
  return row;
}

/** The account's own live app, or nothing: another account's app is as unknown as one that never was. */
export async function findAccountApp(db: Db, accountId: string, appId: string) {
  const row = await findLiveApp(db, appId);
  return row && row.app.accountId === accountId ? row.app : undefined;
}

export async function listLiveRedirectUris(db: Db, appIds: string[]) {
  if (appIds.length === 0) return [];
  return db
    .select()
    .from(oauthRedirectUris)
    .where(and(inArray(oauthRedirectUris.appId, appIds), isNull(oauthRedirectUris.revokedAt)))
    .orderBy(asc(oauthRedirectUris.createdAt));
}

export async function listAccountApps(db: Db, accountId: string) {
  return db
    .select()
    .from(oauthApps)
    .where(and(eq(oauthApps.accountId, accountId), isNull(oauthApps.revokedAt)))
    .orderBy(desc(oauthApps.createdAt));
}

export async function insertApp(db: Database, app: typeof oauthApps.$inferInsert, redirectUri: string | undefined) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(oauthApps).values(app).returning();
    if (!row) throw new Error('oauth app not inserted');
    if (redirectUri !== undefined) await insertRedirectUri(tx, row.id, redirectUri);
    return row;
  });
}

export async function insertRedirectUri(db: Db, appId: string, uri: string) {
  await db.insert(oauthRedirectUris).values({ id: newId('oru'), appId, uri });
}

export async function findLiveRedirectUri(db: Db, appId: string, uriId: string) {
  const [row] = await db
    .select()
    .from(oauthRedirectUris)
    .where(
      and(eq(oauthRedirectUris.id, uriId), eq(oauthRedirectUris.appId, appId), isNull(oauthRedirectUris.revokedAt)),
    );
  return row;
}

export async function revokeRedirectUriRow(db: Db, uriId: string) {
  await db.update(oauthRedirectUris).set({ revokedAt: new Date() }).where(eq(oauthRedirectUris.id, uriId));
}

/** A new row for the new URI and the old one revoked: codes issued to the old address stop with it. */
export async function replaceRedirectUri(db: Database, input: { appId: string; oldId: string; uri: string }) {
  await db.transaction(async (tx) => {
    await revokeRedirectUriRow(tx, input.oldId);
    await insertRedirectUri(tx, input.appId, input.uri);
  });
}

/** The app and every grant of it, with all the tokens under them. */
export async function revokeAppWithGrants(db: Database, appId: string, now: Date) {
  await db.transaction(async (tx) => {
    await tx.update(oauthApps).set({ revokedAt: now }).where(eq(oauthApps.id, appId));
    await revokeGrants(tx, await grantIdsOfApp(tx, appId), now);
  });
}
