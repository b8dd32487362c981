import { Readable } from 'node:stream';
import type { DocumentDetail } from '@signlink/contracts/documents/documents';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedDocument } from '../../../test/seed-document.ts';
import { documentEvents } from '../../db/schema/document-events.ts';
import { documentFiles, documentParties, documents } from '../../db/schema/documents.ts';
import { listDocumentEvents } from '../document-core/document-events.repository.ts';
import { findBrokenEvent } from '../document-core/document-history.ts';
import { callApi, signInTeam, snapshotDocument, type Team } from './documents-test-helpers.ts';

/**
 * SPEC section 4's rules for the owner's actions that move no money (issue 6, part 7): each allowed and refused,
 * each change with its history event, a refusal or a no-op writing nothing.
 */
let testApp: TestApp;
let team: Team;

beforeAll(async () => {
  testApp = await buildTestApp();
  team = await signInTeam(testApp);
});
afterAll(() => testApp?.close());

const seed = (options: Parameters<typeof seedDocument>[1] = {}) =>
  seedDocument(testApp.database.db, { owner: team.regular, storage: testApp.context.storage, ...options });
const eventTypes = async (documentId: string) =>
  (await listDocumentEvents(testApp.database.db, documentId)).map((event) => event.type);
const detailOf = async (documentId: string, caller = team.regular) => {
  const response = await callApi(testApp, caller, 'GET', `errands/${documentId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DocumentDetail;
};

describe('PUT errands/{id}/handled', () => {
  it('marks handled and unhandled, one event per change, none when nothing changes', async () => {
    const { documentId } = await seed();
    const handled = await callApi(testApp, team.regular, 'PUT', `errands/${documentId}/handled`, { Handled: true });
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json()).toMatchObject({ Id: documentId, Handled: true, LatestEvent: { Type: 'handled' } });
    await callApi(testApp, team.regular, 'PUT', `errands/${documentId}/handled`, { Handled: true });
    await callApi(testApp, team.regular, 'PUT', `errands/${documentId}/handled`, { Handled: false });
    expect(await eventTypes(documentId)).toEqual(['created', 'sent', 'handled', 'handled']);
    const history = (await detailOf(documentId)).History.slice(2).map((event) => event.Details);
    // Who did it is kept for the audit trail, not shown as a detail.
    expect(history).toEqual([{ handled: true }, { handled: false }]);
    const bad = await callApi(testApp, team.regular, 'PUT', `errands/${documentId}/handled`, { Handled: 'yes' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('PUT errands/{id}/accesslevel (only the owner decides who else sees a document)', () => {
  it('lets the owner share and unshare, with the change in the history', async () => {
    const { documentId } = await seed();
    const shared = await callApi(testApp, team.regular, 'PUT', `errands/${documentId}/accesslevel`, {
      AccessLevel: 'shared',
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toMatchObject({ AccessLevel: 'shared' });
    expect((await detailOf(documentId, team.readOnly)).AccessLevel).toBe('shared');
    await callApi(testApp, team.regular, 'PUT', `errands/${documentId}/accesslevel`, { AccessLevel: 'shared' });
    expect((await detailOf(documentId)).History.at(-1)).toMatchObject({
      Type: 'access-level-changed',
      Details: { accessLevel: 'shared', previousAccessLevel: 'private' },
    });
    expect(await eventTypes(documentId)).toEqual(['created', 'sent', 'access-level-changed']);
  });

  it('refuses an administrator who manages a colleague’s shared document', async () => {
    const { documentId } = await seed({ accessLevel: 'shared' });
    const before = await snapshotDocument(testApp, documentId);
    const response = await callApi(testApp, team.admin, 'PUT', `errands/${documentId}/accesslevel`, {
      AccessLevel: 'private',
    });
    expect(response.statusCode, response.body).toBe(403);
    expect(await snapshotDocument(testApp, documentId)).toEqual(before);
  });
});

describe('PUT errands/{id}/archive', () => {
  it('moves a document to Archived and, with restore, back to Sent', async () => {
    const { documentId } = await seed();
    const inBox = async (box: string) =>
      (await callApi(testApp, team.regular, 'GET', `errands?box=${box}&pageSize=100`)).body.includes(documentId);
    const archived = await callApi(testApp, team.regular, 'PUT', `errands/${documentId}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toMatchObject({ Archived: true });
    expect([await inBox('sent'), await inBox('archived')]).toEqual([false, true]);
    await callApi(testApp, team.regular, 'PUT', `errands/${documentId}/archive`, {});
    const restored = await callApi(testApp, team.regular, 'PUT', `errands/${documentId}/archive`, { restore: true });
    expect(restored.json()).toMatchObject({ Archived: false });
    expect([await inBox('sent'), await inBox('archived')]).toEqual([true, false]);
    expect(await eventTypes(documentId)).toEqual(['created', 'sent', 'archived', 'unarchived']);
  });
});

describe('DELETE errands/{id} (SPEC section 4: only after withdrawal; a completed one from the owner’s lists)', () => {
  it('refuses an active document: DOCUMENT_NOT_WITHDRAWN, nothing changed', async () => {
    const { documentId } = await seed();
    const before = await snapshotDocument(testApp, documentId);
    const response = await callApi(testApp, team.regular, 'DELETE', `errands/${documentId}`, {});
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ code: 'DOCUMENT_NOT_WITHDRAWN' });
    expect(await snapshotDocument(testApp, documentId)).toEqual(before);
  });

  it.each(['withdrawn', 'expired'] as const)(
    'deletes a %s document from the lists; its row and history stay',
    async (state) => {
      const { documentId } = await seed({ state, accessLevel: 'shared' });
      // A colleague who manages the shared document may delete it too.
      const response = await callApi(testApp, team.admin, 'DELETE', `errands/${documentId}`);
      expect(response.statusCode, response.body).toBe(204);
      expect((await callApi(testApp, team.regular, 'GET', `errands/${documentId}`)).statusCode).toBe(404);
      expect((await callApi(testApp, team.regular, 'GET', 'errands?pageSize=100')).body).not.toContain(documentId);
      expect((await callApi(testApp, team.regular, 'DELETE', `errands/${documentId}`)).statusCode).toBe(404);
      const { row } = await snapshotDocument(testApp, documentId);
      expect(row?.deletedAt).toBeInstanceOf(Date);
      const events = await listDocumentEvents(testApp.database.db, documentId);
      expect(events.at(-1)).toMatchObject({ type: 'deleted', data: { ownDocumentOnly: false } });
      expect(findBrokenEvent(events)).toBeNull();
    },
  );

  it('deletes a completed document only for its owner and only with ownDocumentOnly', async () => {
    const { documentId } = await seed({ state: 'completed', accessLevel: 'shared' });
    const before = await snapshotDocument(testApp, documentId);
    const withoutFlag = await callApi(testApp, team.regular, 'DELETE', `errands/${documentId}`, {});
    expect(withoutFlag.json()).toMatchObject({ code: 'DOCUMENT_COMPLETED' });
    const byColleague = await callApi(testApp, team.admin, 'DELETE', `errands/${documentId}`, {
      ownDocumentOnly: true,
    });
    expect(byColleague.statusCode, byColleague.body).toBe(403);
    expect(await snapshotDocument(testApp, documentId)).toEqual(before);
    const byOwner = await callApi(testApp, team.regular, 'DELETE', `errands/${documentId}`, { ownDocumentOnly: true });
    expect(byOwner.statusCode, byOwner.body).toBe(204);
    expect(await eventTypes(documentId)).toContain('deleted');
  });
});

describe('POST errands/{id}/duplicate (SPEC section 4: documents can be duplicated)', () => {
  it('makes a draft of the caller named as a copy, with the settings, parties (new keys, no progress) and files', async () => {
    const { db } = testApp.database;
    const original = await seed({
      state: 'completed',
      accessLevel: 'shared',
      message: 'Please sign',
      settings: { requireVerification: true, allowPrinting: false },
      parties: [{ name: 'Anna', remindersSent: 3, contactUpdates: 1, openedAt: new Date() }, { name: 'Bo' }],
    });
    // A colleague who manages the shared document duplicates it: the draft is theirs.
    const response = await callApi(testApp, team.admin, 'POST', `errands/${original.documentId}/duplicate`);
    expect(response.statusCode, response.body).toBe(201);
    const { ProjectId } = response.json() as { ProjectId: string };

    const [copy] = await db.select().from(documents).where(eq(documents.id, ProjectId));
    expect(copy).toMatchObject({
      state: 'draft',
      ownerUserId: team.admin.userId,
      accountId: team.regular.accountId,
      title: 'Copy of Rental agreement',
      accessLevel: 'shared',
      message: 'Please sign',
      settings: { requireVerification: true, allowPrinting: false },
      duplicatedFromId: original.documentId,
      sentAt: null,
      handled: false,
    });
    const parties = await db.select().from(documentParties).where(eq(documentParties.documentId, ProjectId));
    expect(parties.map((party) => [party.signatureIndex, party.name, party.signedAt, party.remindersSent])).toEqual(
      expect.arrayContaining([
        [0, 'Anna', null, 0],
        [1, 'Bo', null, 0],
      ]),
    );
    const originalKeys = original.parties.map((party) => party.accessKey);
    expect(parties.some((party) => originalKeys.includes(party.accessKey))).toBe(false);

    const [file] = await db.select().from(documentFiles).where(eq(documentFiles.documentId, ProjectId));
    const [originalFile] = await db.select().from(documentFiles).where(eq(documentFiles.id, original.fileId));
    expect(file?.sha256).toBe(originalFile?.sha256);
    expect(file?.storageKey).not.toBe(originalFile?.storageKey);
    expect(file?.rules.fields).toEqual(originalFile?.rules.fields);
    const keyOfSlot = Object.fromEntries(parties.map((party) => [String(party.signatureIndex), party.accessKey]));
    expect(file?.rules.access).toEqual(keyOfSlot);
    const stored = await testApp.context.storage.stat({ key: file?.storageKey ?? '' });
    expect(stored?.size).toBe(originalFile?.byteSize);

    expect(await eventTypes(ProjectId)).toEqual(['created']);
    // A draft (a `projects` resource) is not in the lists of sent documents.
    expect((await callApi(testApp, team.admin, 'GET', 'errands?pageSize=100')).body).not.toContain(ProjectId);
    expect((await callApi(testApp, team.admin, 'GET', `errands/${ProjectId}`)).statusCode).toBe(404);
    expect((await callApi(testApp, team.admin, 'POST', `errands/${ProjectId}/duplicate`)).statusCode).toBe(404);
  });

  it('names copies in the document’s language, numbering the next ones, copies of copies too', async () => {
    const { db } = testApp.database;
    const original = await seed({ title: 'Hyresavtal', language: 'sv', accessLevel: 'shared' });
    const titleOf = async (caller: typeof team.regular, documentId: string) => {
      const response = await callApi(testApp, caller, 'POST', `errands/${documentId}/duplicate`);
      expect(response.statusCode, response.body).toBe(201);
      const [copy] = await db.select().from(documents).where(eq(documents.id, response.json().ProjectId));
      return copy?.title;
    };
    expect(await titleOf(team.regular, original.documentId)).toBe('Kopia av Hyresavtal');
    expect(await titleOf(team.regular, original.documentId)).toBe('Kopia av Hyresavtal (2)');
    // A sent copy duplicated again is numbered on, not "Kopia av Kopia av".
    const sentCopy = await seed({ title: 'Kopia av Hyresavtal', language: 'sv' });
    expect(await titleOf(team.regular, sentCopy.documentId)).toBe('Kopia av Hyresavtal (3)');
    // The names taken are the caller's own: a colleague's first copy is theirs to number from 1.
    expect(await titleOf(team.admin, original.documentId)).toBe('Kopia av Hyresavtal');
  });

  it('writes nothing when a file’s bytes cannot be copied as they were', async () => {
    const { db } = testApp.database;
    const original = await seed();
    await testApp.context.storage.put({ key: original.storageKey, body: Readable.from([Buffer.from('changed')]) });
    const draftsBefore = await db.select().from(documents).where(eq(documents.duplicatedFromId, original.documentId));
    const response = await callApi(testApp, team.regular, 'POST', `errands/${original.documentId}/duplicate`);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ code: 'DOCUMENT_SAVE_FAILED' });
    const draftsAfter = await db.select().from(documents).where(eq(documents.duplicatedFromId, original.documentId));
    expect(draftsAfter).toEqual(draftsBefore);
    await testApp.context.storage.delete({ key: original.storageKey });
    const missing = await callApi(testApp, team.regular, 'POST', `errands/${original.documentId}/duplicate`);
    expect(missing.json()).toMatchObject({ code: 'DOCUMENT_SAVE_FAILED' });
    const events = await db.select().from(documentEvents).where(eq(documentEvents.type, 'created'));
    expect(events.filter((event) => event.data.duplicatedFromId === original.documentId)).toEqual([]);
  });
});
