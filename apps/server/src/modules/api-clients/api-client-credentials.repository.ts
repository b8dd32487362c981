import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { accounts, memberships, users } from '../../db/schema/accounts.ts';
import { apiClients } from '../../db/schema/developer.ts';

/**
 * A client that may act now: not revoked, and its maker still a member of its account (a removed admin's keys stop
 * with them), with the role the maker holds there.
 */
export async function findLiveApiClient(db: Database, clientId: string) {
  const [row] = await db
    .select({ client: apiClients, user: users, account: accounts, role: memberships.role })
    .from(apiClients)
    .innerJoin(users, eq(users.id, apiClients.actingUserId))
    .innerJoin(accounts, eq(accounts.id, apiClients.accountId))
    .innerJoin(
      memberships,
      and(eq(memberships.userId, apiClients.actingUserId), eq(memberships.accountId, apiClients.accountId)),
    )
    .where(and(eq(apiClients.id, clientId), isNull(apiClients.revokedAt)));
  return row;
}

/** The client, unless revoked: for a token whose session already vouches for its maker's membership. */
export async function findUnrevokedApiClient(db: Database, clientId: string) {
  const [client] = await db
    .select()
    .from(apiClients)
    .where(and(eq(apiClients.id, clientId), isNull(apiClients.revokedAt)));
  return client;
}

/** "Last used" to the minute: a busy client writes once a minute, not on every call. */
export async function touchApiClient(db: Database, clientId: string, now: Date) {
  const aMinuteAgo = new Date(now.getTime() - 60_000);
  await db
    .update(apiClients)
    .set({ lastUsedAt: now })
    .where(and(eq(apiClients.id, clientId), or(isNull(apiClients.lastUsedAt), lt(apiClients.lastUsedAt, aMinuteAgo))));
}
