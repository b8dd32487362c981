import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { fixturePdf, postLink, seedFormDocument, sha256 } from '../links/link-forms.test-helpers.ts';
import { callApi, signInTeam, type Team } from './documents-test-helpers.ts';

/** Issue 8, part 8, the owner's side: the recipients' attachments on the document's overview. */
let testApp: TestApp;
let team: Team;
beforeAll(async () => {
  testApp = await buildTestApp();
  team = await signInTeam(testApp);
}, 60_000);
afterAll(() => testApp?.close());

async function documentWithAttachments(owner: keyof Team, accessLevel: 'private' | 'shared') {
  const seeded = await seedFormDocument(testApp, { owner: team[owner], accessLevel });
  const [anna = '', bo = ''] = seeded.links;
  const upload = (link: string, token: string, name: string) =>
    testApp.app.inject({
      method: 'POST',
      url: `/v2/linktinker/links/${link}/attachments?${new URLSearchParams({ RequestToken: token, name })}`,
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.from(fixturePdf),
    });
  expect((await upload(anna, seeded.tokens[0] ?? '', 'Lönebesked.pdf')).statusCode).toBe(201);
  expect((await upload(bo, seeded.tokens[1] ?? '', 'Intyg.pdf')).statusCode).toBe(201);
  return { ...seeded, documentId: seeded.doc.documentId };
}

describe("the owner's view of recipients' attachments", () => {
  it('lists them with the party that attached each, and downloads one as stored', async () => {
    const { documentId, doc, links, tokens } = await documentWithAttachments('regular', 'private');
    await postLink(testApp, links[1] ?? '', 'attachments/delete', { RequestToken: tokens[1], PdfFileIndex: 1 });
    const listed = await callApi(testApp, team.regular, 'GET', `errands/${documentId}/attachments`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().Attachments).toEqual([
      {
        PdfFileIndex: 0,
        Title: 'Lönebesked',
        ByteSize: fixturePdf.length,
        PageCount: 4,
        Sha256: sha256(fixturePdf),
        CreatedAt: expect.any(String),
        PartyId: doc.parties[0]?.id,
        PartyName: 'Anna Andersson',
      },
    ]);
    const file = await callApi(testApp, team.regular, 'GET', `errands/${documentId}/attachments/0`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('filename="L_nebesked.pdf"');
    expect(sha256(file.rawPayload)).toBe(sha256(fixturePdf));
    // Deleted by Bo: gone for the owner too.
    const deleted = await callApi(testApp, team.regular, 'GET', `errands/${documentId}/attachments/1`);
    expect([deleted.statusCode, deleted.json().details]).toEqual([404, { reason: 'no-such-attachment' }]);
  });

  it("refuses a colleague's private document, a contributor on a shared one, another account and no token", async () => {
    const priv = await documentWithAttachments('regular', 'private');
    const shared = await documentWithAttachments('regular', 'shared');
    for (const path of ['attachments', 'attachments/0']) {
      const call = (caller: keyof Team | null, documentId: string) =>
        callApi(testApp, caller ? team[caller] : null, 'GET', `errands/${documentId}/${path}`);
      expect((await call('admin', priv.documentId)).statusCode, path).toBe(403);
      expect((await call('readOnly', priv.documentId)).statusCode, path).toBe(403);
      expect((await call('contributor', shared.documentId)).statusCode, path).toBe(403);
      expect((await call('otherAdmin', shared.documentId)).statusCode, path).toBe(404);
      expect((await call(null, shared.documentId)).statusCode, path).toBe(401);
      // Who may see a shared document sees its attachments.
      expect((await call('readOnly', shared.documentId)).statusCode, path).toBe(200);
      expect((await call('admin', shared.documentId)).statusCode, path).toBe(200);
    }
    const wrongIndex = await callApi(testApp, team.regular, 'GET', `errands/${priv.documentId}/attachments/x`);
    expect(wrongIndex.statusCode).toBe(400);
  });
});
