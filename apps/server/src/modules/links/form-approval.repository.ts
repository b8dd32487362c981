import { desc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { documentParties, links } from '../../db/schema/documents.ts';
import { linkFormSubmissions } from '../../db/schema/link-forms.ts';

/** A document's submissions, newest change first, each with the party of the link it came through (one query). */
export async function listDocumentFormsWithParties(db: Database | Transaction, documentId: string) {
  return db
    .select({
      form: linkFormSubmissions,
      partyName: documentParties.name,
      signatureIndex: documentParties.signatureIndex,
    })
    .from(linkFormSubmissions)
    .innerJoin(links, eq(links.id, linkFormSubmissions.linkId))
    .leftJoin(documentParties, eq(documentParties.id, links.partyId))
    .where(eq(linkFormSubmissions.documentId, documentId))
    .orderBy(desc(linkFormSubmissions.updatedAt));
}

/** The party a link invites, so a decision's history event names whose form it was. */
export async function findLinkPartyId(db: Database | Transaction, linkId: string): Promise<string | null> {
  const [row] = await db.select({ partyId: links.partyId }).from(links).where(eq(links.id, linkId));
  return row?.partyId ?? null;
}
