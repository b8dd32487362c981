import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDocument } from '../../../test/seed-document.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { documentParties } from '../../db/schema/documents.ts';
import { findLinkWithDocumentParts } from './recipient-snapshot.repository.ts';

/** The handle, counting the statements run through it (each counting handle batches on its own). */
function counting(database: DatabaseHandle) {
  const counted = { statements: 0, links: [] as number[] };
  const handle: DatabaseHandle = {
    ...database,
    runPrepared: (statement, values) => {
      counted.statements++;
      counted.links.push((values[0] as readonly string[]).length);
      return database.runPrepared(statement, values);
    },
  };
  return { handle, counted };
}

describe('findLinkWithDocumentParts (batched per event-loop turn)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('answers calls made together with one statement, each with its own link, unknown ones with nothing', async () => {
    const first = await seedDocument(database.db, { title: 'First', parties: [{ name: 'A' }, { name: 'B' }] });
    const second = await seedDocument(database.db, { title: 'Second', parties: [{ name: 'C' }] });
    const [a, b] = first.parties;
    const [c] = second.parties;
    if (!a || !b || !c) throw new Error('seeded parties');
    const { handle, counted } = counting(database);

    const found = await Promise.all(
      [a.linkCode, c.linkCode, b.linkCode.toLowerCase(), 'ZZZZZZZZZZ23456789MN', a.linkCode].map((linkId) =>
        findLinkWithDocumentParts(handle, linkId),
      ),
    );
    expect(counted.statements).toBe(1);
    expect(found.map((result) => result?.link.id)).toEqual([a.linkCode, c.linkCode, b.linkCode, undefined, a.linkCode]);
    expect(found.map((result) => result?.document.id)).toEqual([
      first.documentId,
      second.documentId,
      first.documentId,
      undefined,
      first.documentId,
    ]);
    expect(found[0]?.party?.accessKey).toBe(a.accessKey);
    expect(found[2]?.party?.accessKey).toBe(b.accessKey);
    expect(found[1]?.parties.map((party) => party.signatureIndex)).toEqual([0]);
    expect(found[0]?.parties.map((party) => party.signatureIndex)).toEqual([0, 1]);
  });

  it('reads afresh on every call: a write committed before the call is seen', async () => {
    const seeded = await seedDocument(database.db, { parties: [{ name: 'A' }] });
    const [party] = seeded.parties;
    if (!party) throw new Error('seeded party');
    const { handle, counted } = counting(database);
    expect((await findLinkWithDocumentParts(handle, party.linkCode))?.parties[0]?.signedAt).toBeNull();
    const signedAt = new Date('2026-03-01T10:00:00.000Z');
    await database.db.update(documentParties).set({ signedAt }).where(eq(documentParties.id, party.id));
    expect((await findLinkWithDocumentParts(handle, party.linkCode))?.parties[0]?.signedAt).toEqual(signedAt);
    expect(counted.statements).toBe(2);
  });

  it('splits a crowd into statements of at most a hundred links, and a failed statement fails only its callers', async () => {
    const seeded = await seedDocument(database.db, { parties: [{ name: 'A' }] });
    const linkId = seeded.parties[0]?.linkCode ?? '';
    const { handle, counted } = counting(database);
    const crowd = Array.from({ length: 150 }, (_, index) => (index === 120 ? linkId : `UNKNOWN${index}`));
    const found = await Promise.all(crowd.map((id) => findLinkWithDocumentParts(handle, id)));
    expect(found.map((result) => result?.link.id).filter(Boolean)).toEqual([linkId]);
    expect(found[120]?.link.id).toBe(linkId);
    expect(counted.links).toEqual([100, 50]);

    const failing: DatabaseHandle = {
      ...database,
      runPrepared: async () => Promise.reject(new Error('connection lost')),
    };
    await expect(findLinkWithDocumentParts(failing, linkId)).rejects.toThrow('connection lost');
    expect((await findLinkWithDocumentParts(handle, linkId))?.link.id).toBe(linkId);
  });
});
