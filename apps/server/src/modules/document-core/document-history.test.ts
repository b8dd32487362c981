import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { listDocumentEvents } from './document-events.repository.ts';
import { appendDocumentEvent, findBrokenEvent } from './document-history.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const append = (documentId: string, data: Record<string, unknown>) =>
  database.db.transaction((tx) => appendDocumentEvent(tx, { documentId, type: 'reminder', data }));

describe('document history', () => {
  it('chains each event to the one before it', async () => {
    const first = await append('doc_chain', { n: 1 });
    const second = await append('doc_chain', { n: 2, nested: { b: 1, a: 2 } });
    expect(first).toMatchObject({ sequence: 1, previousHash: null });
    expect(second).toMatchObject({ sequence: 2, previousHash: first.hash });
    expect(findBrokenEvent(await listDocumentEvents(database.db, 'doc_chain'))).toBeNull();
  });

  it('orders concurrent appends without forking the chain', async () => {
    await Promise.all(Array.from({ length: 8 }, (_, n) => append('doc_race', { n })));
    const events = await listDocumentEvents(database.db, 'doc_race');
    expect(events.map((event) => event.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(findBrokenEvent(events)).toBeNull();
  });

  it('finds an edited or removed event', async () => {
    for (const n of [1, 2, 3]) await append('doc_tamper', { n });
    await database.db.execute(
      sql`update document_events set data = '{"n": 20}' where document_id = 'doc_tamper' and sequence = 2`,
    );
    expect(findBrokenEvent(await listDocumentEvents(database.db, 'doc_tamper'))?.sequence).toBe(2);

    for (const n of [1, 2, 3]) await append('doc_gap', { n });
    await database.db.execute(sql`delete from document_events where document_id = 'doc_gap' and sequence = 2`);
    expect(findBrokenEvent(await listDocumentEvents(database.db, 'doc_gap'))?.sequence).toBe(3);
  });
});
