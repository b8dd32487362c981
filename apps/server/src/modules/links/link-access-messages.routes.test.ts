import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedDocument } from '../../../test/seed-document.ts';
import { documentParties } from '../../db/schema/documents.ts';

/**
 * The sender's messages reach the recipient's page with the access answer (past the gate, like the document): the
 * document's message to every party, and each party's own message to that party only.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
}, 60_000);
afterAll(() => testApp?.close());

const access = (linkId: string) =>
  testApp.app.inject({ method: 'POST', url: `/v2/linktinker/links/${linkId}/access`, payload: {} });

describe('POST links/{id}/access: the messages', () => {
  it("gives each party the document's message and only their own personal message", async () => {
    const doc = await seedDocument(testApp.database.db, {
      message: '  Please sign by Friday.\nThanks!  ',
      parties: [{ name: 'Anna Andersson' }, { name: 'Bo Berg' }],
    });
    const [anna, bo] = doc.parties;
    if (!anna || !bo) throw new Error('two parties');
    await testApp.database.db
      .update(documentParties)
      .set({ message: 'Anna, page 2 is yours.' })
      .where(eq(documentParties.id, anna.id));
    await testApp.database.db.update(documentParties).set({ message: '   ' }).where(eq(documentParties.id, bo.id));

    const forAnna = await access(anna.linkCode);
    expect(forAnna.statusCode, forAnna.body).toBe(200);
    expect(forAnna.json().Messages).toEqual({
      Document: 'Please sign by Friday.\nThanks!',
      Personal: 'Anna, page 2 is yours.',
    });
    // A blank personal message is none; Anna's is not Bo's.
    expect((await access(bo.linkCode)).json().Messages).toEqual({
      Document: 'Please sign by Friday.\nThanks!',
      Personal: null,
    });
  });

  it('answers no messages when the sender wrote none', async () => {
    const doc = await seedDocument(testApp.database.db, { message: null });
    expect((await access(doc.parties[0]?.linkCode ?? '')).json().Messages).toEqual({ Document: null, Personal: null });
  });
});
