import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { contacts } from '../../db/schema/templates.ts';

type Db = Database | Transaction;

export type ContactRow = typeof contacts.$inferSelect;
export type NewContact = typeof contacts.$inferInsert;
/** What a contact's form sets; the account, id and source are the service's. */
export type ContactChanges = Pick<NewContact, 'kind' | 'name' | 'email' | 'phone' | 'companyName' | 'orgNumber'>;

/** `%` and `_` typed by the user are searched for as themselves. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

function matching(accountId: string, search: string | undefined): SQL | undefined {
  if (!search) return eq(contacts.accountId, accountId);
  const pattern = likePattern(search);
  return and(
    eq(contacts.accountId, accountId),
    or(
      ilike(contacts.name, pattern),
      ilike(contacts.email, pattern),
      ilike(contacts.phone, pattern),
      ilike(contacts.companyName, pattern),
    ),
  );
}

/** The account's contacts that match, by name (then address), at most `limit`, and how many match in all. */
export async function listAccountContacts(db: Db, input: { accountId: string; search?: string; limit: number }) {
  const where = matching(input.accountId, input.search);
  const rows = await db
    .select()
    .from(contacts)
    .where(where)
    .orderBy(sql`lower(${contacts.name})`, asc(contacts.email), asc(contacts.phone), asc(contacts.id))
    .limit(input.limit);
  const [total] = await db.select({ value: count() }).from(contacts).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findAccountContact(db: Db, input: { accountId: string; id: string }) {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, input.id), eq(contacts.accountId, input.accountId)));
  return row;
}

/** Inserts a contact; a unique violation (the address is taken) reaches the caller. */
export async function insertContact(db: Db, contact: NewContact) {
  const [row] = await db.insert(contacts).values(contact).returning();
  if (!row) throw new Error('An inserted contact comes back');
  return row;
}

/** Changes one of the account's contacts; undefined when it is not the account's. */
export async function updateAccountContact(
  db: Db,
  input: { accountId: string; id: string; changes: ContactChanges; at: Date },
) {
  const [row] = await db
    .update(contacts)
    .set({ ...input.changes, source: 'manual', updatedAt: input.at })
    .where(and(eq(contacts.id, input.id), eq(contacts.accountId, input.accountId)))
    .returning();
  return row;
}

/** Deletes one of the account's contacts; false when there was none. */
export async function deleteAccountContact(db: Db, input: { accountId: string; id: string }) {
  const deleted = await db
    .delete(contacts)
    .where(and(eq(contacts.id, input.id), eq(contacts.accountId, input.accountId)))
    .returning({ id: contacts.id });
  return deleted.length > 0;
}

export interface CollectedContact {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
}

/**
 * Adds or refreshes the contacts a sent document reached, on the partial unique indexes (by e-mail address, or by
 * mobile number without one). A name given replaces the one held; an empty one never wipes it. A number given is
 * the latest way to reach them. Each key once per call: PostgreSQL refuses one statement that updates a row twice.
 */
export async function upsertCollectedContacts(
  tx: Transaction,
  input: { accountId: string; contacts: readonly CollectedContact[]; at: Date },
) {
  const values = (list: readonly CollectedContact[]) =>
    list.map((contact) => ({
      ...contact,
      accountId: input.accountId,
      source: 'document' as const,
      lastUsedAt: input.at,
      createdAt: input.at,
      updatedAt: input.at,
    }));
  const name = sql`case when excluded.name = '' then ${contacts.name} else excluded.name end`;
  const byEmail = input.contacts.filter((contact) => contact.email !== null);
  const byPhone = input.contacts.filter((contact) => contact.email === null && contact.phone !== null);
  if (byEmail.length > 0) {
    await tx
      .insert(contacts)
      .values(values(byEmail))
      .onConflictDoUpdate({
        target: [contacts.accountId, contacts.email],
        targetWhere: sql`${contacts.email} is not null`,
        set: {
          name,
          phone: sql`coalesce(excluded.phone, ${contacts.phone})`,
          lastUsedAt: input.at,
          updatedAt: input.at,
        },
      });
  }
  if (byPhone.length > 0) {
    await tx
      .insert(contacts)
      .values(values(byPhone))
      .onConflictDoUpdate({
        target: [contacts.accountId, contacts.phone],
        targetWhere: sql`${contacts.email} is null and ${contacts.phone} is not null`,
        set: { name, lastUsedAt: input.at, updatedAt: input.at },
      });
  }
}
