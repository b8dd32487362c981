import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { publicLinks } from '../../db/schema/templates.ts';

/** Reads only: a preview writes nothing (no history, no visit, no charge, no link rows). */

/** A live public link by its code (upper case, as every link code), with the gate its visitors pass. */
export async function findPublicLinkByCode(db: Database, code: string) {
  const [row] = await db
    .select({
      id: publicLinks.id,
      documentId: publicLinks.documentId,
      name: publicLinks.name,
      requireBankId: publicLinks.requireBankId,
      requireSms: publicLinks.requireSms,
      requireEmail: publicLinks.requireEmail,
    })
    .from(publicLinks)
    .where(and(eq(publicLinks.id, code.toUpperCase()), isNull(publicLinks.deletedAt)));
  return row;
}

/** What the recipient page shows of the owner: name, consent message and privacy link. */
export async function findOwnerData(db: Database, accountId: string) {
  const [row] = await db
    .select({ name: accounts.name, consentMessage: accounts.consentMessage, privacyUrl: accounts.privacyUrl })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row;
}
