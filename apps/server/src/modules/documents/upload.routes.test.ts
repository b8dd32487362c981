import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { roles } from '@signlink/contracts/auth/roles';
import { limits } from '@signlink/contracts/constants';
import type { ActiveContentKind } from '@signlink/contracts/documents/active-content';
import type { Draft } from '@signlink/contracts/documents/drafts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { activeContentPdfs, buildInDocumentLinksPdf } from '../../../test/fixtures/active-content-pdfs.ts';
import {
  buildContentStreamBombPdf,
  buildManyPagesPdf,
  buildNotAPdf,
  buildObjectStreamBombPdf,
  buildRestrictedPdf,
  buildTruncatedPdf,
  readSharedPdf,
  sharedPdfFixtures,
} from '../../../test/fixtures/hostile-pdfs.ts';
import { signInSeededUser } from '../../../test/sign-in.ts';
import { users } from '../../db/schema/accounts.ts';
import { listDocumentEvents } from '../document-core/document-events.repository.ts';
import { uploadPdf } from './upload-test-helpers.ts';

/** Issue 6, part 1: upload through the HTTP route, real PGlite, real storage, real worker threads. */
let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signInSeededUser>>;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await signInSeededUser(testApp);
});
afterAll(() => testApp?.close());

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const mib = 1024 * 1024;

async function storedBytes(key: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of await testApp.context.storage.get({ key })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The real-world files upload cleans: an attachment; web links (/URI) and a submit button (/SubmitForm). */
const removedFromFixtures: Record<string, ActiveContentKind[]> = {
  'with-attachment.pdf': ['embedded-files'],
  'GeoTopo-komprimiert.pdf': ['external-actions'],
  'libre-office-link.pdf': ['external-actions'],
  'pdflatex-forms.pdf': ['external-actions'],
};

describe('POST /v2/linktinker/files with the real-world PDFs', () => {
  const names = fs.readdirSync(sharedPdfFixtures).filter((name) => name.endsWith('.pdf'));

  it.each(names)(
    '%s',
    async (name) => {
      const bytes = readSharedPdf(name);
      const response = await uploadPdf(testApp, admin.token, bytes, { name });
      if (name === 'libreoffice-writer-password.pdf') {
        expect(response.statusCode).toBe(422);
        expect(response.json().code).toBe('UPLOAD_PASSWORD_PROTECTED');
        return;
      }
      expect(response.statusCode, response.body).toBe(201);
      const draft = response.json() as Draft;
      const [file] = draft.Files;
      expect(draft.Title).toBe(name.replace(/\.pdf$/, ''));
      expect(file?.PageCount).toBeGreaterThanOrEqual(1);
      const [row] = await testApp.database.db.query.documentFiles.findMany({
        where: (files, { eq: equals }) => equals(files.id, file?.Id ?? ''),
      });
      const stored = await storedBytes(row?.storageKey ?? '');
      expect(sha256(stored)).toBe(file?.Sha256);
      const removed = removedFromFixtures[name] ?? [];
      expect(file?.RemovedContent).toEqual(removed);
      // Kept byte for byte when nothing was removed: the stored file's SHA-256 is the upload's.
      if (removed.length === 0) expect(file?.Sha256).toBe(sha256(bytes));
      if (name === 'libreoffice-form.pdf') expect(file?.FormFields).toHaveLength(9);
      if (name === 'pdflatex-forms.pdf') expect(file?.FormFields).toHaveLength(3);
      if (name === 'GeoTopo-komprimiert.pdf') expect(file?.PageCount).toBe(117);
    },
    30_000,
  );
});

describe('POST /v2/linktinker/files with hostile PDFs', () => {
  it.each([
    ['restricted', buildRestrictedPdf, 422, 'UPLOAD_RESTRICTED'],
    ['truncated', buildTruncatedPdf, 422, 'UPLOAD_DAMAGED'],
    ['not a PDF', async () => buildNotAPdf(), 415, 'UPLOAD_WRONG_TYPE'],
    [
      'zip-bomb content stream',
      () => buildContentStreamBombPdf(limits.maxUploadStreamMegabytes * mib + mib),
      422,
      'UPLOAD_TOO_COMPLEX',
    ],
    [
      'zip-bomb object stream',
      async () => buildObjectStreamBombPdf(limits.maxUploadStreamMegabytes * mib + mib),
      422,
      'UPLOAD_TOO_COMPLEX',
    ],
    ['5,000 pages', () => buildManyPagesPdf(5000), 422, 'UPLOAD_TOO_COMPLEX'],
  ] as const)('refuses %s', async (_name, build, status, code) => {
    const response = await uploadPdf(testApp, admin.token, await build());
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().code).toBe(code);
  });

  it.each(activeContentPdfs)('removes $name and says so', async ({ build, removed }) => {
    const bytes = await build();
    const response = await uploadPdf(testApp, admin.token, bytes);
    expect(response.statusCode, response.body).toBe(201);
    const [file] = (response.json() as Draft).Files;
    expect(file?.RemovedContent).toEqual(removed);
    expect(file?.Sha256).not.toBe(sha256(bytes));
  });

  it('keeps a file with only in-document links as uploaded', async () => {
    const bytes = await buildInDocumentLinksPdf();
    const response = await uploadPdf(testApp, admin.token, bytes);
    expect(response.statusCode, response.body).toBe(201);
    const [file] = (response.json() as Draft).Files;
    expect(file?.RemovedContent).toEqual([]);
    expect(file?.Sha256).toBe(sha256(bytes));
  });

  it('refuses a body beyond 25 MiB with FILE_TOO_LARGE before reading it all', async () => {
    const bytes = new Uint8Array(limits.maxUploadMegabytes * mib + 200 * 1024);
    bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
    const response = await uploadPdf(testApp, admin.token, bytes);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('FILE_TOO_LARGE');
  });

  it('refuses a body that is not sent as a PDF', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/v2/linktinker/files',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      payload: { pdf: 'no' },
    });
    expect(response.json().code).toBe('UPLOAD_WRONG_TYPE');
  });
});

describe('the draft an upload makes', () => {
  it("takes the sender's language and the account's default access level, and writes 'created'", async () => {
    const swedish = await signInSeededUser(testApp);
    await testApp.database.db.update(users).set({ locale: 'sv' }).where(eq(users.id, swedish.userId));
    const response = await uploadPdf(testApp, swedish.token, readSharedPdf('minimal-document.pdf'), {
      name: 'C:\\Users\\anna\\Avtal 2025.PDF',
    });
    const draft = response.json() as Draft;
    expect(draft).toMatchObject({ Title: 'Avtal 2025', Language: 'sv', AccessLevel: 'private', Parties: [] });
    const events = await listDocumentEvents(testApp.database.db, draft.Id);
    expect(events.map((event) => event.type)).toEqual(['created']);
  });

  it('adds a file to a draft with projectId', async () => {
    const first = (await uploadPdf(testApp, admin.token, readSharedPdf('minimal-document.pdf'))).json() as Draft;
    const second = await uploadPdf(testApp, admin.token, readSharedPdf('pdflatex-4-pages.pdf'), {
      name: 'annex.pdf',
      projectId: first.Id,
    });
    expect(second.statusCode, second.body).toBe(201);
    expect((second.json() as Draft).Files.map((file) => [file.Title, file.PageCount])).toEqual([
      ['Document', 1],
      ['annex', 4],
    ]);
  });
});

describe('who may upload', () => {
  it('a read-only user may not create documents', async () => {
    const user = await signInSeededUser(testApp, { role: roles.readOnly });
    const response = await uploadPdf(testApp, user.token, readSharedPdf('minimal-document.pdf'));
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
  });

  it('a contributor may, for a template (issue 24): the draft is theirs to make one of, not to manage', async () => {
    const contributor = await signInSeededUser(testApp, { role: roles.contributor });
    const response = await uploadPdf(testApp, contributor.token, readSharedPdf('minimal-document.pdf'));
    expect(response.statusCode, response.body).toBe(201);
    const draft = response.json() as Draft;
    const saved = await uploadPdf(testApp, contributor.token, readSharedPdf('minimal-document.pdf'), {
      projectId: draft.Id,
    });
    expect(saved.statusCode).toBe(403);
  });

  it('a regular user may; no token is 401', async () => {
    const regular = await signInSeededUser(testApp, { role: roles.regular });
    expect((await uploadPdf(testApp, regular.token, readSharedPdf('minimal-document.pdf'))).statusCode).toBe(201);
    expect((await uploadPdf(testApp, null, readSharedPdf('minimal-document.pdf'))).statusCode).toBe(401);
  });

  it("another account's draft is not found; a colleague's private draft is forbidden", async () => {
    const draft = (await uploadPdf(testApp, admin.token, readSharedPdf('minimal-document.pdf'))).json() as Draft;
    const stranger = await signInSeededUser(testApp);
    const colleague = await signInSeededUser(testApp, { accountId: admin.accountId, role: roles.regular });
    const bytes = readSharedPdf('minimal-document.pdf');
    const asStranger = await uploadPdf(testApp, stranger.token, bytes, { projectId: draft.Id });
    expect(asStranger.statusCode).toBe(404);
    const asColleague = await uploadPdf(testApp, colleague.token, bytes, { projectId: draft.Id });
    expect(asColleague.statusCode).toBe(403);
  });
});
