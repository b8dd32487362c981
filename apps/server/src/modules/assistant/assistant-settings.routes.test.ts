import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { listDocumentFiles } from '../document-core/document-parts.repository.ts';
import { callApi, signInTeam, type Team } from '../documents/documents-test-helpers.ts';
import { findDocumentFileTexts, listKnowledgeFiles } from './assistant.repository.ts';
import { fixture, seedAssistantDocument, storedKeysUnder, uploadKnowledge } from './assistant-test-helpers.ts';

/** The owner's settings of the assistant (SPEC sections 2, 3 and 7; issue 28, part 2) through the real routes. */
let testApp: TestApp;
let team: Team;
beforeAll(async () => {
  testApp = await buildTestApp();
  team = await signInTeam(testApp);
}, 60_000);
afterAll(() => testApp?.close());

const saved = {
  Enabled: true,
  EnableSpeech: false,
  Language: 'es',
  Version: 'phil-1-concise',
  FirstMessage: 'Hola, soy Phil.',
  InitMessage: '',
  CompletionMessage: '¡Listo!',
  AdditionalInstructions: 'Be brief.',
  StoreConversations: true,
};

const api = (caller: keyof Team | null, method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, body?: object) =>
  callApi(testApp, caller ? team[caller] : null, method, `app/ai/phil/${path}`, body);

describe('the assistant versions', () => {
  it('lists the versions with one default', async () => {
    const reply = await api('readOnly', 'GET', 'versions');
    expect(reply.statusCode, reply.body).toBe(200);
    const versions = reply.json().Versions as { Version: string; IsDefault: boolean }[];
    expect(versions.map((version) => version.Version)).toEqual(['phil-1', 'phil-1-concise']);
    expect(versions.filter((version) => version.IsDefault).map((version) => version.Version)).toEqual(['phil-1']);
  });

  it("names the versions in the caller's language", async () => {
    const reply = await callApi(testApp, team.readOnly, 'GET', 'app/ai/phil/versions?lang=sv', undefined);
    expect(reply.json().Versions[1]).toMatchObject({ Version: 'phil-1-concise', Name: 'Phil 1 kortfattad' });
  });
});

describe("a document's assistant settings", () => {
  it('answers the defaults in the document language when never saved, saves every field, and clears', async () => {
    const { documentId } = await seedAssistantDocument(testApp, { owner: team.regular, language: 'sv' });
    const fresh = await api('regular', 'GET', `settings/${documentId}`);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({
      DocumentId: documentId,
      Enabled: false,
      EnableFormFilling: false,
      EnableSpeech: true,
      Language: 'auto',
      Version: 'phil-1',
      FirstMessage: '',
      AdditionalInstructions: '',
      KnowledgeFiles: [],
      UpdatedAt: null,
    });
    expect(fresh.json().Defaults.FirstMessage).toContain('Jag är Phil');

    const put = await api('regular', 'PUT', `settings/${documentId}`, saved);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ ...saved, EnableFormFilling: false });
    // The defaults follow the settings' language once it is not `auto`.
    expect(put.json().Defaults.FirstMessage).toContain('Soy Phil');
    const read = await api('admin', 'GET', `settings/${documentId}`);
    expect(read.json()).toMatchObject(saved);
    expect(read.json().UpdatedAt).toEqual(expect.any(String));

    expect((await uploadKnowledge(testApp, team.regular, documentId, fixture('crazyones-pdfa.pdf'))).statusCode).toBe(
      201,
    );
    const cleared = await api('regular', 'POST', `settings/${documentId}/clear`, {});
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ ...fresh.json(), Defaults: fresh.json().Defaults });
    expect(await storedKeysUnder(testApp, `documents/${documentId}/assistant/`)).toEqual([]);
  });

  it('refuses an unknown version and form filling, and keeps what was saved', async () => {
    const { documentId } = await seedAssistantDocument(testApp, { owner: team.regular });
    await api('regular', 'PUT', `settings/${documentId}`, saved);
    const unknown = await api('regular', 'PUT', `settings/${documentId}`, { ...saved, Version: 'phil-9' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([422, 'AI_VERSION_UNKNOWN']);
    const filling = await api('regular', 'PUT', `settings/${documentId}`, { ...saved, EnableFormFilling: true });
    expect(filling.statusCode).toBe(400);
    expect((await api('regular', 'GET', `settings/${documentId}`)).json()).toMatchObject(saved);
  });

  it("is the owner's and the administrator's on a shared document; others are refused and nothing changes", async () => {
    const shared = await seedAssistantDocument(testApp, { owner: team.regular });
    const priv = await seedAssistantDocument(testApp, { owner: team.regular, accessLevel: 'private' });
    const status = async (caller: keyof Team | null, documentId: string) => [
      (await api(caller, 'GET', `settings/${documentId}`)).statusCode,
      (await api(caller, 'PUT', `settings/${documentId}`, saved)).statusCode,
      (await api(caller, 'POST', `settings/${documentId}/test`, { Question: 'Vienna?', Language: 'en-us' })).statusCode,
    ];
    expect(await status('readOnly', shared.documentId)).toEqual([403, 403, 403]);
    expect(await status('contributor', shared.documentId)).toEqual([403, 403, 403]);
    expect(await status('otherAdmin', shared.documentId)).toEqual([404, 404, 404]);
    expect(await status(null, shared.documentId)).toEqual([401, 401, 401]);
    expect(await status('admin', priv.documentId)).toEqual([403, 403, 403]);
    expect((await api('regular', 'GET', `settings/${shared.documentId}`)).json().UpdatedAt).toBeNull();
    expect(await status('admin', shared.documentId)).toEqual([200, 200, 200]);
  });
});

describe('knowledge files', () => {
  it('adds a PDF with its pages, removes it from storage and the list', async () => {
    const { documentId } = await seedAssistantDocument(testApp, { owner: team.regular });
    const added = await uploadKnowledge(testApp, team.regular, documentId, fixture('crazyones-pdfa.pdf'), 'Rules.pdf');
    expect(added.statusCode, added.body).toBe(201);
    const [file] = added.json().KnowledgeFiles;
    expect(file).toMatchObject({ FileName: 'Rules.pdf', PageCount: 1 });
    const [row] = await listKnowledgeFiles(testApp.database.db, documentId);
    expect(row?.pages[0]?.text).toContain('The Crazy Ones');
    expect(await storedKeysUnder(testApp, `documents/${documentId}/assistant/`)).toEqual([row?.storageKey]);

    const removed = await api('regular', 'DELETE', `settings/${documentId}/files/${file.Id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().KnowledgeFiles).toEqual([]);
    expect(await storedKeysUnder(testApp, `documents/${documentId}/assistant/`)).toEqual([]);
    const again = await api('regular', 'DELETE', `settings/${documentId}/files/${file.Id}`);
    expect(again.statusCode).toBe(404);
  });

  it('refuses what is not a PDF, an encrypted one, a sixth and one over 10 MB, storing nothing', async () => {
    const { documentId } = await seedAssistantDocument(testApp, { owner: team.regular });
    const refusal = async (bytes: Uint8Array) => {
      const reply = await uploadKnowledge(testApp, team.regular, documentId, bytes);
      return [reply.statusCode, reply.json().code];
    };
    expect(await refusal(new TextEncoder().encode('not a pdf at all'))).toEqual([415, 'UPLOAD_WRONG_TYPE']);
    expect((await refusal(fixture('libreoffice-writer-password.pdf')))[1]).toBe('UPLOAD_PASSWORD_PROTECTED');
    const large = new Uint8Array(10 * 1024 * 1024 + 1);
    large.set(fixture('minimal-document.pdf'));
    expect((await refusal(large))[1]).toBe('FILE_TOO_LARGE');
    expect(await storedKeysUnder(testApp, `documents/${documentId}/assistant/`)).toEqual([]);

    for (let n = 0; n < 5; n++) {
      expect(
        (await uploadKnowledge(testApp, team.regular, documentId, fixture('minimal-document.pdf'))).statusCode,
      ).toBe(201);
    }
    expect(await refusal(fixture('minimal-document.pdf'))).toEqual([422, 'AI_KNOWLEDGE_FILE_LIMIT']);
    expect(await listKnowledgeFiles(testApp.database.db, documentId)).toHaveLength(5);
    expect(await storedKeysUnder(testApp, `documents/${documentId}/assistant/`)).toHaveLength(5);
  });
});

describe('duplicating a document', () => {
  it('copies the assistant settings and the knowledge files, bytes under the copy', async () => {
    const { documentId } = await seedAssistantDocument(testApp, { owner: team.regular });
    await api('regular', 'PUT', `settings/${documentId}`, saved);
    await uploadKnowledge(testApp, team.regular, documentId, fixture('crazyones-pdfa.pdf'), 'Rules.pdf');
    // A question reads the document's text once; the copy keeps it.
    await api('regular', 'POST', `settings/${documentId}/test`, { Question: 'Vienna?', Language: 'en-us' });
    const duplicated = await callApi(testApp, team.regular, 'POST', `errands/${documentId}/duplicate`, {});
    expect(duplicated.statusCode, duplicated.body).toBe(201);
    const copyId: string = duplicated.json().ProjectId;
    const copy = await api('regular', 'GET', `settings/${copyId}`);
    expect(copy.json()).toMatchObject({ ...saved, DocumentId: copyId });
    expect(copy.json().KnowledgeFiles).toMatchObject([{ FileName: 'Rules.pdf', PageCount: 1 }]);
    const [original] = await listKnowledgeFiles(testApp.database.db, documentId);
    const [copied] = await listKnowledgeFiles(testApp.database.db, copyId);
    expect(copied?.sha256).toBe(original?.sha256);
    expect(copied?.storageKey).not.toBe(original?.storageKey);
    expect(await storedKeysUnder(testApp, `documents/${copyId}/assistant/`)).toEqual([copied?.storageKey]);
    const copyFiles = await listDocumentFiles(testApp.database.db, copyId);
    const texts = await findDocumentFileTexts(
      testApp.database.db,
      copyFiles.map((file) => file.id),
    );
    expect(texts.get(copyFiles[0]?.id ?? '')?.[2]?.text).toContain('Vienna');
  });

  it('copies them into a template made from the document', async () => {
    const { documentId } = await seedAssistantDocument(testApp, { owner: team.regular });
    await api('regular', 'PUT', `settings/${documentId}`, saved);
    await uploadKnowledge(testApp, team.regular, documentId, fixture('crazyones-pdfa.pdf'), 'Rules.pdf');
    const template = await callApi(testApp, team.regular, 'POST', 'templates', {
      Name: 'Lease template',
      SourceDocumentId: documentId,
    });
    expect(template.statusCode, template.body).toBeLessThan(300);
    const templateId: string = template.json().Id;
    const copy = await api('regular', 'GET', `settings/${templateId}`);
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json()).toMatchObject({ ...saved, DocumentId: templateId });
    expect(copy.json().KnowledgeFiles).toMatchObject([{ FileName: 'Rules.pdf' }]);
  });
});
