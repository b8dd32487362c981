import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { documentParties, linkCodeProofs, links } from '../../db/schema/documents.ts';

type Db = Database | Transaction;
export type LinkCodeProofRow = typeof linkCodeProofs.$inferSelect;

/**
 * Holds one of the link's gate tries for a guess in flight, or nothing when the gate is locked or every try is
 * taken. Reserving before the code is checked is what keeps parallel wrong guesses within the limit: each one
 * holds its try while it runs, and the right guesses give theirs back.
 */
export async function reserveGateTry(db: Db, linkId: string, maxTries: number): Promise<number | undefined> {
  const [row] = await db
    .update(links)
    .set({ gateWrongTries: sql`${links.gateWrongTries} + 1` })
    .where(and(eq(links.id, linkId), isNull(links.gateLockedAt), lt(links.gateWrongTries, maxTries)))
    .returning({ tries: links.gateWrongTries });
  return row?.tries;
}

/** A guess that was not a wrong code (right, or refused before it was compared) does not count. */
export async function releaseGateTry(db: Db, linkId: string) {
  await db
    .update(links)
    .set({ gateWrongTries: sql`greatest(${links.gateWrongTries} - 1, 0)` })
    .where(eq(links.id, linkId));
}

export async function lockLinkGate(db: Db, linkId: string) {
  await db
    .update(links)
    .set({ gateLockedAt: sql`now()` })
    .where(and(eq(links.id, linkId), isNull(links.gateLockedAt)));
}

export async function insertCodeProof(db: Db, row: typeof linkCodeProofs.$inferInsert) {
  const [inserted] = await db.insert(linkCodeProofs).values(row).onConflictDoNothing().returning();
  return inserted;
}

/**
 * Uses a gate proof of this link and channel, proved within the last `withinMinutes`, once: the checks and the use
 * are one conditional UPDATE, so two parallel accesses with one key open the link once.
 */
export async function useGateProof(
  db: Db,
  input: { linkId: string; codeToken: string; channel: 'sms' | 'email'; withinMinutes: number },
): Promise<LinkCodeProofRow | undefined> {
  const [row] = await db
    .update(linkCodeProofs)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(linkCodeProofs.codeToken, input.codeToken),
        eq(linkCodeProofs.linkId, input.linkId),
        eq(linkCodeProofs.channel, input.channel),
        eq(linkCodeProofs.use, 'gate'),
        isNull(linkCodeProofs.usedAt),
        gt(linkCodeProofs.verifiedAt, sql`now() - make_interval(mins => ${input.withinMinutes})`),
      ),
    )
    .returning();
  return row;
}

/** The link party's own contact, which the sender gave: where its gate's code goes. */
export async function findPartyContact(db: Db, partyId: string | null) {
  if (!partyId) return undefined;
  const [row] = await db
    .select({ email: documentParties.email, phone: documentParties.phone })
    .from(documentParties)
    .where(eq(documentParties.id, partyId));
  return row;
}

/** A contact the recipient proved after the gate at this link (SPEC section 3, verified values), by its key. */
export async function findContactProof(db: Db, input: { linkId: string; codeToken: string }) {
  const [proof] = await db
    .select()
    .from(linkCodeProofs)
    .where(
      and(
        eq(linkCodeProofs.codeToken, input.codeToken),
        eq(linkCodeProofs.linkId, input.linkId.toUpperCase()),
        eq(linkCodeProofs.use, 'contact'),
      ),
    );
  return proof;
}
