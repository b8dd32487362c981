import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { documentFiles, links } from '../../db/schema/documents.ts';

/** One file of a document, only when it belongs to that document: a file id of another document is unknown. */
export async function findDocumentFile(db: Database, documentId: string, fileId: string) {
  const [row] = await db
    .select({ id: documentFiles.id, title: documentFiles.title, storageKey: documentFiles.storageKey })
    .from(documentFiles)
    .where(and(eq(documentFiles.documentId, documentId), eq(documentFiles.id, fileId)));
  return row;
}

/** One UPDATE by primary key, no read first: the page's visit counter must cost next to nothing. */
export async function countLinkVisit(db: Database, linkId: string, isIe: boolean): Promise<boolean> {
  const counted = await db
    .update(links)
    .set({
      visitCount: sql`${links.visitCount} + 1`,
      ...(isIe ? { ieVisitCount: sql`${links.ieVisitCount} + 1` } : {}),
    })
    .where(eq(links.id, linkId))
    .returning({ id: links.id });
  return counted.length > 0;
}
