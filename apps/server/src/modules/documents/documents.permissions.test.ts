import type { DocumentSummary } from '@signlink/contracts/documents/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { type SeedDocumentOptions, seedDocument } from '../../../test/seed-document.ts';
import { documentSeals } from '../../db/schema/signatures.ts';
import {
  type Caller,
  callApi,
  signInTeam,
  snapshotDocument,
  type Team,
  type TeamRole,
} from './documents-test-helpers.ts';

/**
 * SPEC section 6 for the lists, the overview and the owner's actions: roles (2 administrator, 5 regular, 11
 * contributor, 12 read only) × the document's access level × its owner × another account. Private stays private
 * even from administrators; shared documents are seen by everyone but contributors and managed by those who send;
 * another account's document is unknown (404); no token is 401. A refusal writes nothing.
 */
let testApp: TestApp;
let team: Team;

beforeAll(async () => {
  testApp = await buildTestApp();
  team = await signInTeam(testApp);
});
afterAll(() => testApp?.close());

type Owner = 'admin' | 'regular' | 'contributor';
type Access = 'private' | 'shared';
const documentKinds: { owner: Owner; access: Access }[] = (['admin', 'regular', 'contributor'] as const).flatMap(
  (owner) => (['private', 'shared'] as const).map((access) => ({ owner, access })),
);

/** Who may see a document of this kind: its owner, and for a shared one every role but contributors. */
const viewers = (kind: { owner: Owner; access: Access }): TeamRole[] =>
  kind.access === 'private' ? [kind.owner] : [...new Set<TeamRole>([kind.owner, 'admin', 'regular', 'readOnly'])];
/** Who may act on it: among its viewers, those who send (administrators and regular users). */
const managers = (kind: { owner: Owner; access: Access }): TeamRole[] =>
  viewers(kind).filter((role) => role === 'admin' || role === 'regular');
/** Who may change its access level: its owner, when a manager. */
const accessLevelChangers = (kind: { owner: Owner; access: Access }): TeamRole[] =>
  managers(kind).filter((role) => role === kind.owner);

interface Endpoint {
  name: string;
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  path(documentId: string): string;
  body?: object;
  seed?: SeedDocumentOptions;
  /** Brings the seeded document into the state the action needs. */
  prepare?(documentId: string): Promise<void>;
  allowed(kind: { owner: Owner; access: Access }): TeamRole[];
  status: number;
}

const endpoints: Endpoint[] = [
  { name: 'GET errands/{id}', method: 'GET', path: (id) => `errands/${id}`, allowed: viewers, status: 200 },
  {
    name: 'PUT errands/{id}/handled',
    method: 'PUT',
    path: (id) => `errands/${id}/handled`,
    body: { Handled: true },
    allowed: managers,
    status: 200,
  },
  {
    name: 'PUT errands/{id}/archive',
    method: 'PUT',
    path: (id) => `errands/${id}/archive`,
    body: {},
    allowed: managers,
    status: 200,
  },
  {
    name: 'PUT errands/{id}/accesslevel',
    method: 'PUT',
    path: (id) => `errands/${id}/accesslevel`,
    body: { AccessLevel: 'shared' },
    allowed: accessLevelChangers,
    status: 200,
  },
  {
    name: 'DELETE errands/{id} (withdrawn)',
    method: 'DELETE',
    path: (id) => `errands/${id}`,
    seed: { state: 'withdrawn' },
    allowed: managers,
    status: 204,
  },
  {
    name: 'POST errands/{id}/seal/retry',
    method: 'POST',
    path: (id) => `errands/${id}/seal/retry`,
    // Issue 7: sealing gave up on it.
    prepare: async (documentId) => {
      await testApp.database.db.insert(documentSeals).values({ documentId, status: 'failed', attempts: 7 });
    },
    allowed: managers,
    status: 200,
  },
  {
    name: 'POST errands/{id}/duplicate',
    method: 'POST',
    path: (id) => `errands/${id}/duplicate`,
    allowed: managers,
    status: 201,
  },
];

const callers: (TeamRole | 'otherAdmin')[] = ['admin', 'regular', 'contributor', 'readOnly', 'otherAdmin'];

describe('the permission matrix of the documents endpoints (SPEC section 6)', () => {
  for (const endpoint of endpoints) {
    it.each(documentKinds)(`${endpoint.name}: a $access document of the $owner`, async (kind) => {
      const allowed = endpoint.allowed(kind);
      for (const callerName of callers) {
        // A fresh document per caller: an allowed action (delete, archive) must not hide the next caller's answer.
        const { documentId } = await seedDocument(testApp.database.db, {
          owner: team[kind.owner],
          accessLevel: kind.access,
          storage: testApp.context.storage,
          ...endpoint.seed,
        });
        await endpoint.prepare?.(documentId);
        const before = await snapshotDocument(testApp, documentId);
        const send = (caller: Caller | null) =>
          callApi(testApp, caller, endpoint.method, endpoint.path(documentId), endpoint.body);
        const response = await send(team[callerName]);
        const label = `${callerName} → ${response.body}`;
        if (callerName === 'otherAdmin') {
          expect(response.statusCode, label).toBe(404);
        } else if (allowed.includes(callerName)) {
          expect(response.statusCode, label).toBe(endpoint.status);
          continue;
        } else {
          expect(response.statusCode, label).toBe(403);
        }
        expect(await snapshotDocument(testApp, documentId), label).toEqual(before);
        expect((await send(null)).statusCode).toBe(401);
      }
    });
  }
});

describe('who sees which documents in the lists (SPEC section 6)', () => {
  it('lists own documents and colleagues’ shared ones, never a colleague’s private one or another account’s', async () => {
    const { db } = testApp.database;
    const own = await signInTeam(testApp);
    const ids: Record<string, string> = {};
    for (const kind of documentKinds) {
      const seeded = await seedDocument(db, { owner: own[kind.owner], accessLevel: kind.access });
      ids[`${kind.owner}-${kind.access}`] = seeded.documentId;
    }
    ids.other = (await seedDocument(db, { owner: own.otherAdmin, accessLevel: 'shared' })).documentId;

    for (const role of ['admin', 'regular', 'contributor', 'readOnly'] as const) {
      const response = await callApi(testApp, own[role], 'GET', 'errands?pageSize=100');
      expect(response.statusCode, response.body).toBe(200);
      const documents = response.json().Errands as DocumentSummary[];
      const expected = documentKinds
        .filter((kind) => viewers(kind).includes(role))
        .map((kind) => ids[`${kind.owner}-${kind.access}`]);
      expect(documents.map((document) => document.Id).sort(), role).toEqual(expected.sort());
      for (const document of documents) {
        const kind = documentKinds.find((candidate) => ids[`${candidate.owner}-${candidate.access}`] === document.Id);
        if (!kind) throw new Error('unexpected document');
        expect(document.IsOwn, `${role} ${document.Id}`).toBe(kind.owner === role);
        expect(document.CanManage, `${role} ${document.Id}`).toBe(managers(kind).includes(role));
      }
      const count = await callApi(testApp, own[role], 'GET', 'errands/count');
      expect(count.json().Sent).toBe(expected.length);
    }
    const other = await callApi(testApp, own.otherAdmin, 'GET', 'errands');
    expect(other.json().Errands.map((document: DocumentSummary) => document.Id)).toEqual([ids.other]);
  });

  it('answers 401 without a token for every list endpoint', async () => {
    for (const path of ['errands', 'errands/count', 'errands/search/formfields', 'subinboxes']) {
      expect((await callApi(testApp, null, 'GET', path)).statusCode, path).toBe(401);
    }
  });
});
