import { limits } from '@signlink/contracts/constants';
import type { Database } from '../../db/database.ts';
import { findDocumentLocked, findInactiveDocumentIds } from '../document-core/document-parts.repository.ts';
import { endSentDocument } from './end-document.ts';

const dayMs = 24 * 60 * 60 * 1000;
const batchSize = 100;

/**
 * DECISIONS, document expiry: an active document with no history event for 90 days expires, its links stop
 * working and unsigned parties' reservations return (SPEC section 4, "expired (automatic on inactivity)"). Each
 * document is re-read under its lock, so one that came alive meanwhile is left alone, and a second run finds
 * nothing left to do. Returns the documents expired.
 */
export async function expireInactiveDocuments(db: Database, now = new Date()): Promise<string[]> {
  const before = new Date(now.getTime() - limits.documentExpiryDays * dayMs);
  const expired: string[] = [];
  const seen = new Set<string>();
  for (;;) {
    const ids = (await findInactiveDocumentIds(db, { before, limit: batchSize })).filter((id) => !seen.has(id));
    if (ids.length === 0) return expired;
    for (const id of ids) {
      seen.add(id);
      const isExpired = await db.transaction(async (tx) => {
        const document = await findDocumentLocked(tx, id);
        if (document?.state !== 'active' || document.lastActivityAt >= before) return false;
        await endSentDocument(tx, {
          document,
          state: 'expired',
          at: now,
          data: { inactiveDays: limits.documentExpiryDays, lastActivityAt: document.lastActivityAt.toISOString() },
        });
        return true;
      });
      if (isExpired) expired.push(id);
    }
  }
}
