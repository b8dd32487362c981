import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchOverlappingQueries } from '../../../test/overlapping-queries.ts';
import { seedDraft } from '../../../test/seed-draft.ts';
import { seedUser } from '../../../test/seed-user.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import type { Transaction } from '../../db/database.ts';
import { findDocumentLocked } from '../document-core/document-parts.repository.ts';
import { loadDocumentSummary } from './documents.service.ts';
import { loadDraftToSend } from './send-validation.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** Runs `work` in a transaction and returns what it answered and every query that overlapped another on one client. */
async function inWatchedTransaction<T>(work: (tx: Transaction) => Promise<T>) {
  const watch = watchOverlappingQueries();
  try {
    const result = await database.db.transaction(work);
    return { result, overlaps: watch.overlaps };
  } finally {
    watch.stop();
  }
}

describe('reads that services make inside their transaction', () => {
  it('loadDraftToSend (send-document) sends one query at a time', async () => {
    const owner = await seedUser(database.db);
    const draft = await seedDraft(database.db, { owner, parties: [{}, {}] });
    const { result, overlaps } = await inWatchedTransaction(async (tx) => {
      const document = await findDocumentLocked(tx, draft.documentId);
      if (!document) throw new Error('the draft is missing');
      return loadDraftToSend(tx, document, { lock: true });
    });
    expect(overlaps).toEqual([]);
    expect(result.files).toHaveLength(1);
    expect(result.parties).toHaveLength(2);
  });

  it('loadDocumentSummary (flags, seal retry) sends one query at a time', async () => {
    const owner = await seedUser(database.db);
    const draft = await seedDraft(database.db, { owner, parties: [{}, {}] });
    const actor = { userId: owner.userId, accountId: owner.accountId, role: 1 };
    const { result, overlaps } = await inWatchedTransaction((tx) => loadDocumentSummary(tx, actor, draft.documentId));
    expect(overlaps).toEqual([]);
    expect(result).toMatchObject({ Id: draft.documentId });
  });
});
