import { inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { assistantKnowledgeFiles } from '../../db/schema/assistant.ts';
import { documentFiles } from '../../db/schema/documents.ts';
import { idScanImages } from '../../db/schema/id-scans.ts';
import { documentAttachments, linkFormSubmissions } from '../../db/schema/link-forms.ts';
import { messages } from '../../db/schema/messages.ts';
import { signPayPayments } from '../../db/schema/sign-pay.ts';
import { documentSeals } from '../../db/schema/signatures.ts';

/**
 * Every column that holds a storage key. The orphan sweep removes any old object no row names, so a table that
 * stores a key and is missing here loses its files a day later: add it here (a test fails for a column named
 * `*storage_key*` or `*file_key*` that is not). Rows count whatever their state: a deleted attachment, an archived
 * or withdrawn document keep their files for as long as their rows exist.
 */
export const storageKeyColumns: readonly { table: PgTable; column: PgColumn }[] = [
  { table: documentFiles, column: documentFiles.storageKey },
  { table: documentAttachments, column: documentAttachments.storageKey },
  { table: linkFormSubmissions, column: linkFormSubmissions.pdfStorageKey },
  { table: documentSeals, column: documentSeals.sealedStorageKey },
  { table: documentSeals, column: documentSeals.auditTrailStorageKey },
  { table: accounts, column: accounts.logoStorageKey },
  // Sign & Pay's sealed payment records (issue 25).
  { table: signPayPayments, column: signPayPayments.recordStorageKey },
  // ID scans' images, encrypted, until their retention ends.
  { table: idScanImages, column: idScanImages.storageKey },
  // The assistant's knowledge PDFs (issue 28).
  { table: assistantKnowledgeFiles, column: assistantKnowledgeFiles.storageKey },
];

/** Keys inside JSON: jsonb columns holding an array of objects with a `storageKey` field. */
export const storageKeyJsonArrays: readonly { table: PgTable; column: PgColumn }[] = [
  { table: messages, column: messages.attachments },
];

/** Which of these keys (one listing page, at most a few thousand) some row names. */
export async function findReferencedStorageKeys(db: Database, keys: readonly string[]): Promise<Set<string>> {
  const referenced = new Set<string>();
  if (keys.length === 0) return referenced;
  for (const { table, column } of storageKeyColumns) {
    const rows = await db
      .select({ key: sql<string>`${column}` })
      .from(table)
      .where(inArray(column, [...keys]));
    for (const row of rows) referenced.add(row.key);
  }
  // Unindexable JSON is searched last and only for keys no column named; in practice a message's attachment is
  // a sealed PDF, which its seal row already names, so this rarely searches at all.
  const rest = keys.filter((key) => !referenced.has(key));
  if (rest.length === 0) return referenced;
  const wanted = sql.join(
    rest.map((key) => sql`${key}`),
    sql`, `,
  );
  for (const { table, column } of storageKeyJsonArrays) {
    const rows = await db
      .selectDistinct({ key: sql<string>`item->>'storageKey'` })
      .from(
        sql`${table} cross join lateral jsonb_array_elements(case when jsonb_typeof(${column}) = 'array' then ${column} else '[]'::jsonb end) as item`,
      )
      .where(sql`item->>'storageKey' in (${wanted})`);
    for (const row of rows) referenced.add(row.key);
  }
  return referenced;
}
