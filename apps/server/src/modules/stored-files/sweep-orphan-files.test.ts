import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateMultipartUploadCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { createLocalFolderStorage, TEMP_FOLDER } from '@signlink/providers/storage/local-folder.adapter';
import { createS3Client, createS3Storage, type S3StorageConfig } from '@signlink/providers/storage/s3.adapter';
import type { Storage } from '@signlink/providers/storage/storage.port';
import { type RunningS3Simulator, startS3Simulator } from '@signlink/simulators/s3/s3-simulator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDocument } from '../../../test/seed-document.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { links } from '../../db/schema/documents.ts';
import { documentAttachments, linkFormSubmissions } from '../../db/schema/link-forms.ts';
import { messages } from '../../db/schema/messages.ts';
import { documentSeals } from '../../db/schema/signatures.ts';
import { jobDefinitions, jobSchedules } from '../../job-catalog.ts';
import { createMemoryLogger, waitFor } from '../../jobs/job-test-helpers.ts';
import { sweepOrphanFilesJob } from './sweep-orphan-files.job.ts';
import { sweepOrphanFiles } from './sweep-orphan-files.ts';

const hours = (count: number) => new Date(Date.now() + count * 3600_000);
const pdf = (size: number) => new Uint8Array(size).fill(37);

interface Backend {
  storage: Storage;
  /** Leaves what a process killed mid-write leaves: a temporary file, or an unfinished multipart upload. */
  leavePartialUpload(size: number): Promise<void>;
  close(): Promise<void>;
}

async function localBackend(): Promise<Backend> {
  const root = await mkdtemp(join(tmpdir(), 'signlink-sweep-'));
  return {
    storage: createLocalFolderStorage({ root }),
    async leavePartialUpload(size) {
      await mkdir(join(root, TEMP_FOLDER), { recursive: true });
      await writeFile(join(root, TEMP_FOLDER, `${crypto.randomUUID()}.part`), pdf(size));
    },
    close: () => rm(root, { recursive: true, force: true }),
  };
}

async function s3Backend(): Promise<Backend> {
  const simulator: RunningS3Simulator = await startS3Simulator({ buckets: ['files'] });
  const config: S3StorageConfig = {
    bucket: 'files',
    region: 'eu-north-1',
    endpoint: simulator.url,
    forcePathStyle: true,
    accessKeyId: 'sim',
    secretAccessKey: 'sim',
    prefix: 'signlink',
  };
  const client = createS3Client(config);
  return {
    storage: createS3Storage(config),
    async leavePartialUpload(size) {
      const Key = `signlink/documents/doc_partial/${crypto.randomUUID()}.pdf`;
      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: 'files', Key }));
      await client.send(new UploadPartCommand({ Bucket: 'files', Key, UploadId, PartNumber: 1, Body: pdf(size) }));
    },
    close: () => simulator.close(),
  };
}

describe.each([
  ['a local folder', localBackend],
  ['S3 (the simulator, through the real adapter)', s3Backend],
])('the orphan sweep on %s', (_name, start) => {
  let database: TestDatabase;
  let backend: Backend;
  const referenced: string[] = [];
  const orphans: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    backend = await start();
    const { db } = database;
    const { storage } = backend;
    const put = async (key: string, size: number) => {
      await storage.put({ key, body: pdf(size), contentType: 'application/pdf' });
      return key;
    };
    // An archived document keeps its files; so do a deleted attachment's row, a form PDF, a seal and a logo.
    const document = await seedDocument(db, { storage, archived: true, state: 'completed' });
    referenced.push(document.storageKey);
    const base = `documents/${document.documentId}`;
    const sealed = await put(`${base}/sealed-a.pdf`, 3000);
    const audit = await put(`${base}/audit-trail-a.pdf`, 1000);
    await db.insert(documentSeals).values({
      documentId: document.documentId,
      status: 'sealed',
      sealedStorageKey: sealed,
      auditTrailStorageKey: audit,
    });
    const attachment = await put(`${base}/attachments/att_1.pdf`, 500);
    await db.insert(documentAttachments).values({
      id: 'att_1',
      documentId: document.documentId,
      pdfFileIndex: 0,
      title: 'Attachment',
      storageKey: attachment,
      sha256: 'x'.repeat(64),
      byteSize: 500,
      pageCount: 1,
      deletedAt: new Date(),
    });
    const [link] = await db.select({ id: links.id }).from(links).where(eq(links.documentId, document.documentId));
    const form = await put(`${base}/forms/frm_1-abc.pdf`, 700);
    await db.insert(linkFormSubmissions).values({
      id: 'frm_1',
      linkId: link?.id ?? '',
      documentId: document.documentId,
      values: {},
      isPending: false,
      pdfStorageKey: form,
    });
    const logo = await put(`accounts/${document.accountId}/logo`, 200);
    await db.update(accounts).set({ logoStorageKey: logo }).where(eq(accounts.id, document.accountId));
    // Only a message names this one: the JSON search must find it.
    const mailed = await put(`${base}/mailed-copy.pdf`, 300);
    await db.insert(messages).values({
      id: 'msg_1',
      kind: 'document-completed',
      channel: 'email',
      recipient: 'a@example.com',
      locale: 'en-us',
      brand: 'signlink',
      data: {},
      attachments: [{ storageKey: mailed, filename: 'a.pdf', contentType: 'application/pdf' }],
    });
    referenced.push(sealed, audit, attachment, form, logo, mailed);

    // What crashes leave: an upload stored whose document row never committed, and a second sealed PDF of a seal
    // interrupted before it recorded its file.
    orphans.push(await put('documents/doc_never_committed/fil_1.pdf', 4000));
    orphans.push(await put(`${base}/sealed-b.pdf`, 3001));
    await backend.leavePartialUpload(1234);
  });

  afterAll(async () => {
    await backend?.close();
    await database?.close();
  });

  const keysStored = async () => {
    const keys: string[] = [];
    for await (const page of backend.storage.list({ pageSize: 3 })) keys.push(...page.map((object) => object.key));
    return keys.sort();
  };

  it('keeps young partial writes and young unreferenced files', async () => {
    const logger = createMemoryLogger();
    const deps = { db: database.db, storage: backend.storage, logger };
    expect(await sweepOrphanFiles(deps)).toMatchObject({ partialUploads: 0, orphans: 0 });
    // Two hours on: the partial write is stale, the unreferenced files may still be an upload on its way.
    const later = await sweepOrphanFiles(deps, { now: hours(2) });
    expect(later).toMatchObject({ partialUploads: 1, orphans: 0 });
    expect(await keysStored()).toEqual([...referenced, ...orphans].sort());
  });

  it('removes unreferenced files older than a day and never a referenced one', async () => {
    const logger = createMemoryLogger();
    const outcome = await sweepOrphanFiles({ db: database.db, storage: backend.storage, logger }, { now: hours(25) });
    expect(outcome).toMatchObject({ scanned: referenced.length + orphans.length, orphans: 2, orphanBytes: 7001 });
    expect(await keysStored()).toEqual([...referenced].sort());
    const removed = logger.entries.filter((entry) => entry.level === 'debug').map((entry) => entry.details);
    expect(removed).toEqual(expect.arrayContaining(orphans.map((key) => expect.objectContaining({ key }))));
    // Nothing left to remove: orphan bytes after the clean-up are zero.
    expect(
      await sweepOrphanFiles({ db: database.db, storage: backend.storage, logger }, { now: hours(25) }),
    ).toMatchObject({ partialUploads: 0, orphans: 0, orphanBytes: 0 });
  });

  it('keeps an unreferenced key written again after the listing, as a new logo about to be saved', async () => {
    const key = 'accounts/acc_rewritten/logo';
    await backend.storage.put({ key, body: pdf(10) });
    const { lastModified } = (await backend.storage.stat({ key })) ?? { lastModified: new Date() };
    // Times carry whole seconds (HTTP dates): the write again must land in a later one to be told apart. A file's
    // mtime comes from the kernel's coarse clock, a few milliseconds behind Date.now(), hence the margin.
    const nextSecond = (Math.floor(lastModified.getTime() / 1000) + 1) * 1000;
    await waitFor(() => Date.now() > nextSecond + 50, { timeoutMs: 3000 });
    const storage = writingAfterListing(backend.storage, key);
    const logger = createMemoryLogger();
    const outcome = await sweepOrphanFiles({ db: database.db, storage, logger }, { now: hours(25) });
    expect(outcome).toMatchObject({ orphans: 0 });
    expect(await keysStored()).toEqual([...referenced, key].sort());
  });
});

/** The real storage, with another process writing `key` again between the listing and the removals. */
function writingAfterListing(storage: Storage, key: string): Storage {
  return {
    ...storage,
    async *list(input) {
      for await (const page of storage.list(input)) {
        await storage.put({ key, body: pdf(10) });
        yield page;
      }
    },
  };
}

describe('the orphan sweep job', () => {
  it('is scheduled hourly and logs one line per run with counts and bytes', async () => {
    expect(jobDefinitions).toContain(sweepOrphanFilesJob);
    const schedule = jobSchedules.find((entry) => entry.job === sweepOrphanFilesJob);
    expect(schedule?.cron).toMatch(/^\d+ \* \* \* \*$/);

    const database = await createTestDatabase();
    const backend = await localBackend();
    try {
      const logger = createMemoryLogger();
      await sweepOrphanFilesJob.handler({
        data: {},
        jobId: 'test',
        attempt: 1,
        isLastAttempt: true,
        context: { database, logger, services: { storage: backend.storage } as never },
      });
      const lines = logger.entries.filter((entry) => entry.level === 'info');
      expect(lines).toEqual([
        expect.objectContaining({
          message: 'Swept orphan files',
          details: expect.objectContaining({ orphanBytes: 0 }),
        }),
      ]);
    } finally {
      await backend.close();
      await database.close();
    }
  });
});
