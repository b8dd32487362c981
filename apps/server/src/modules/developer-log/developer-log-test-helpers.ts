import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { apiClients, apiErrorLog } from '../../db/schema/developer.ts';
import { newId } from '../../lib/ids.ts';
import { hashApiClientSecret, newApiClientSecret, secretHintOf } from '../api-clients/api-client-secret.ts';

/** An API client straight in the table (its routes are another part's), with the secret to call with. */
export async function insertTestApiClient(
  db: Database,
  input: { accountId: string; userId: string; name?: string; revoked?: boolean },
) {
  const id = newId('cli');
  const secret = newApiClientSecret();
  await db.insert(apiClients).values({
    id,
    accountId: input.accountId,
    actingUserId: input.userId,
    name: input.name ?? 'ERP sync',
    accessLevel: 'full',
    secretHash: hashApiClientSecret(secret),
    secretHint: secretHintOf(secret),
    revokedAt: input.revoked ? new Date() : null,
  });
  return { id, secret, basic: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` };
}

export const basicOf = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

export const apiErrorRowsOf = (db: Database, accountId: string) =>
  db.select().from(apiErrorLog).where(eq(apiErrorLog.accountId, accountId));

/** A log row as the writer would leave it, at `createdAt`. */
export async function insertTestApiError(
  db: Database,
  row: Partial<typeof apiErrorLog.$inferInsert> & { accountId: string },
) {
  const values = {
    id: newId('ael'),
    clientName: 'ERP sync',
    method: 'GET',
    path: '/v2/linktinker/errands',
    status: 403,
    code: 'API_CLIENT_NOT_ALLOWED',
    requestId: newId('req'),
    ...row,
  };
  await db.insert(apiErrorLog).values(values);
  return values;
}
