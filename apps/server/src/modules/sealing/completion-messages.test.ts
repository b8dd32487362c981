import { limits } from '@signlink/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { sealingDepsOf } from '../../../test/sealing-deps.ts';
import { seedSignedDocument } from '../../../test/seed-signed-document.ts';
import { seedUser } from '../../../test/seed-user.ts';
import { users } from '../../db/schema/accounts.ts';
import { messages } from '../../db/schema/messages.ts';
import { documentSeals } from '../../db/schema/signatures.ts';
import { silentJobLogger } from '../../jobs/job-definition.ts';
import { deliverMessage } from '../messaging/deliver-message.ts';
import { loadSealSource } from './seal.repository.ts';
import { type SealingDeps, sealSignedDocument, storeSealedPdf } from './seal-document.ts';

/**
 * The "signed by everyone" e-mails beside the parties' own (seal-document.test.ts): the owner's, in the owner's saved
 * language, through the real SMTP path into the developer mailbox; and a party's when the document does not allow
 * downloading.
 */
let testApp: TestApp;
let deps: SealingDeps;
beforeAll(async () => {
  testApp = await buildTestApp();
  const { context } = testApp;
  deps = sealingDepsOf(context);
}, 60_000);
afterAll(() => testApp?.close());

const db = () => testApp.database.db;
const sealOf = async (documentId: string) =>
  (await db().select().from(documentSeals).where(eq(documentSeals.documentId, documentId)))[0];

/** The queued message of `kind` to `to`, handed to SMTP as the worker would, and what the mailbox received. */
async function deliveredTo(documentId: string, kind: string, to: string) {
  const rows = await db().select().from(messages).where(eq(messages.documentId, documentId));
  const row = rows.find((message) => message.kind === kind && message.recipient === to);
  if (!row) throw new Error(`no ${kind} to ${to}`);
  await deliverMessage({
    messageId: row.id,
    attempt: 1,
    isLastAttempt: false,
    database: testApp.database,
    queue: testApp.context.queue,
    logger: silentJobLogger,
    messaging: testApp.context.messaging,
    storage: testApp.context.storage,
  });
  const [received] = (await testApp.context.messaging.devMailbox?.list({ recipient: to })) ?? [];
  if (!received) throw new Error(`nothing received by ${to}`);
  return { row, received };
}

async function ownerSpeaking(locale: 'en-us' | 'sv' | 'es') {
  const owner = await seedUser(db(), { email: `owner.${Math.random().toString(36).slice(2, 10)}@example.com` });
  await db().update(users).set({ locale }).where(eq(users.id, owner.userId));
  return owner;
}

describe("the owner's completion e-mail", () => {
  it("goes to the owner in the owner's saved language, with the sealed PDF attached", async () => {
    const owner = await ownerSpeaking('sv');
    // The document speaks English to its parties; the owner reads Swedish.
    const doc = await seedSignedDocument(db(), testApp.context.storage, {
      owner,
      title: 'Consulting agreement',
      language: 'en-us',
    });
    expect(await sealSignedDocument(deps, { documentId: doc.documentId })).toBe('sealed');

    const { row, received } = await deliveredTo(doc.documentId, 'document-completed-owner', owner.email);
    expect(row.locale).toBe('sv');
    expect(received.subject).toBe('"Consulting agreement" är signerat av alla');
    expect(received.text).toContain('Den signerade PDF-filen är bifogad i det här mejlet.');
    expect(received.links.some((link) => link.endsWith(`/#/document/${doc.documentId}`))).toBe(true);
    const seal = await sealOf(doc.documentId);
    expect(received.attachments).toEqual([
      {
        filename: 'Consulting agreement.pdf',
        contentType: 'application/pdf',
        size: seal?.sealedByteSize,
        sha256: seal?.sealedSha256,
      },
    ]);
    // Once: a second run of the seal changes nothing.
    expect(await sealSignedDocument(deps, { documentId: doc.documentId })).toBe('already-sealed');
    const ownerRows = (await db().select().from(messages).where(eq(messages.documentId, doc.documentId))).filter(
      (message) => message.kind === 'document-completed-owner',
    );
    expect(ownerRows).toHaveLength(1);
  });

  it(`links to the document's page instead when the sealed PDF is over ${limits.maxEmailAttachmentBytes} bytes`, async () => {
    const owner = await ownerSpeaking('es');
    const doc = await seedSignedDocument(db(), testApp.context.storage, { owner });
    const source = await loadSealSource(db(), doc.documentId);
    await db().insert(documentSeals).values({ documentId: doc.documentId, attempts: 1 });
    await storeSealedPdf(deps, source as NonNullable<typeof source>, 'signlink');
    await db()
      .update(documentSeals)
      .set({ sealedByteSize: limits.maxEmailAttachmentBytes + 1 })
      .where(eq(documentSeals.documentId, doc.documentId));
    expect(await sealSignedDocument(deps, { documentId: doc.documentId })).toBe('sealed');

    const { row, received } = await deliveredTo(doc.documentId, 'document-completed-owner', owner.email);
    expect(row.attachments).toBeNull();
    expect(received.attachments).toBeUndefined();
    expect(received.text).toContain('El PDF firmado es demasiado grande para enviarlo por correo');
    expect(received.links.some((link) => link.endsWith(`/#/document/${doc.documentId}`))).toBe(true);
  });
});

describe("a party's completion e-mail where the document does not allow downloading", () => {
  it('carries no PDF and does not offer a download; the owner still gets the PDF', async () => {
    const owner = await ownerSpeaking('en-us');
    const doc = await seedSignedDocument(db(), testApp.context.storage, {
      owner,
      settings: { allowDownloading: false },
      parties: [{ name: 'Åsa Öberg', email: 'asa.no-download@example.com', signatureType: 'e-signature' }],
    });
    expect(await sealSignedDocument(deps, { documentId: doc.documentId })).toBe('sealed');

    const party = await deliveredTo(doc.documentId, 'document-completed', 'asa.no-download@example.com');
    expect(party.row.attachments).toBeNull();
    expect(party.received.attachments).toBeUndefined();
    expect(party.received.text).toContain('The sender does not allow downloading this document.');
    expect(party.received.text).not.toContain('Download the signed document');
    expect(party.received.links.some((link) => link.endsWith(`/${doc.parties[0]?.linkCode}`))).toBe(true);

    const toOwner = await deliveredTo(doc.documentId, 'document-completed-owner', owner.email);
    expect(toOwner.received.attachments).toHaveLength(1);
  });
});
