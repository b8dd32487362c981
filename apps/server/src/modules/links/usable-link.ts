import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { findLinkWithDocument } from './links.repository.ts';

/**
 * The link and its document, or the catalogue's error: unknown is "invalid link"; withdrawn with its document, or
 * revoked when the party's contact was corrected and a new link went, is "recalled" (410).
 */
export async function usableLink(db: Database | Transaction, linkId: string) {
  return assertLinkUsable(await findLinkWithDocument(db, linkId));
}

/** The same rule for a link read some other way (the recipient's one-statement reads). */
export function assertLinkUsable<T extends { link: { status: string } }>(found: T | undefined): T {
  if (!found) throw new AppError('INVALID_LINK');
  if (found.link.status !== 'active') throw new AppError('LINK_RECALLED');
  return found;
}
