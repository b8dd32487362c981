import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../src/db/database.ts';
import { accounts } from '../src/db/schema/accounts.ts';
import { documents, links } from '../src/db/schema/documents.ts';
import { newId } from '../src/lib/ids.ts';

/**
 * A sent document with one link, written straight to the tables, for tests of the recipient side before
 * sending exists end to end. The link code is upper case and random, as links are.
 */
export async function seedLink(
  db: Database,
  options: { title?: string; language?: 'en-us' | 'sv' | 'es'; status?: 'active' | 'withdrawn' } = {},
) {
  const accountId = newId('acc');
  const documentId = newId('doc');
  const linkId = randomBytes(12).toString('hex').toUpperCase();
  const originalSha256 = createHash('sha256').update(randomBytes(32)).digest('hex');
  await db.insert(accounts).values({ id: accountId, kind: 'company', name: 'Sender AB', currency: 'SEK' });
  await db.insert(documents).values({
    id: documentId,
    accountId,
    title: options.title ?? 'Rental agreement',
    language: options.language ?? 'en-us',
    originalSha256,
    state: 'active',
  });
  await db.insert(links).values({ id: linkId, documentId, status: options.status ?? 'active', requireBankId: true });
  return { accountId, documentId, linkId, originalSha256 };
}
