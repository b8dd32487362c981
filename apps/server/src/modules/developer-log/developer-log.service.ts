import {
  type DeveloperLogQuery,
  type DeveloperLogResponse,
  developerLogDays,
} from '@signlink/contracts/developer/developer-log';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../http/actor.ts';
import { authorizeIntegrations } from '../document-core/account.policy.ts';
import { deleteApiErrorsBefore, listApiErrors } from './developer-log.repository.ts';

const dayMs = 24 * 3600_000;

/** The oldest moment the log keeps and shows. */
export const developerLogStart = (now: Date) => new Date(now.getTime() - developerLogDays * dayMs);

/**
 * A company's administrators read its integrations' errors (issue 26, part 6): they make the clients. A personal
 * account has no integrations to read about.
 */
export async function listDeveloperLog(
  deps: { db: Database },
  actor: Actor,
  query: DeveloperLogQuery,
  now = new Date(),
): Promise<DeveloperLogResponse> {
  authorizeIntegrations(actor);
  const { rows, total } = await listApiErrors(deps.db, {
    accountId: actor.accountId,
    since: developerLogStart(now),
    ...query,
  });
  return {
    Entries: rows.map((row) => ({
      Id: row.id,
      Time: row.createdAt.toISOString(),
      ClientId: row.apiClientId,
      ClientName: row.clientName,
      Method: row.method,
      Path: row.path,
      Status: row.status,
      Code: row.code,
      RequestId: row.requestId,
    })),
    Total: total,
    Page: query.page,
    PageSize: query.pageSize,
  };
}

/** Drops what is older than the log keeps (30 days); idempotent. */
export function purgeDeveloperLog(db: Database, now: Date): Promise<number> {
  return deleteApiErrorsBefore(db, developerLogStart(now));
}
