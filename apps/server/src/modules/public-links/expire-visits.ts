import { publicLinkVisitHours } from '@signlink/contracts/public-links/public-links';
import type { Database } from '../../db/database.ts';
import { findDocumentLocked, listDocumentParties } from '../document-core/document-parts.repository.ts';
import { endSentDocument } from '../documents/end-document.ts';
import { findExpiredVisitIds } from './public-links.repository.ts';

const batchSize = 100;

/**
 * A visit whose visitor has not signed within `publicLinkVisitHours` expires as an inactive document does: its link
 * stops working, the owner's reservation returns, and the history says so. Each is re-read under its lock, so a
 * visitor who signed meanwhile keeps theirs and a second run finds nothing left. Returns the documents expired.
 */
export async function expireUnfinishedVisits(db: Database, now = new Date()): Promise<string[]> {
  const expired: string[] = [];
  const seen = new Set<string>();
  for (;;) {
    const ids = (await findExpiredVisitIds(db, { now, limit: batchSize })).filter((id) => !seen.has(id));
    if (ids.length === 0) return expired;
    for (const id of ids) {
      seen.add(id);
      const isExpired = await db.transaction(async (tx) => {
        const document = await findDocumentLocked(tx, id);
        if (document?.state !== 'active' || !document.visitExpiresAt || document.visitExpiresAt > now) return false;
        const visitor = (await listDocumentParties(tx, id)).find((party) => party.signatureIndex === 0);
        if (visitor?.signedAt) return false;
        await endSentDocument(tx, {
          document,
          state: 'expired',
          at: now,
          data: { reason: 'public-link-visit-unfinished', visitHours: publicLinkVisitHours },
        });
        return true;
      });
      if (isExpired) expired.push(id);
    }
  }
}
