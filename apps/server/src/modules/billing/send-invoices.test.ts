import { createHash } from 'node:crypto';
import { isValidOcrReference } from '@signlink/contracts/billing/ocr-reference';
import { pdftotext } from '@signlink/pdf/sealing/pdf-tools.test-helpers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signInSeededUser } from '../../../test/sign-in.ts';
import { users } from '../../db/schema/accounts.ts';
import { messages } from '../../db/schema/messages.ts';
import { invoices } from '../../db/schema/plans.ts';
import { jobDefinitions, jobSchedules } from '../../job-catalog.ts';
import { type JobServices, silentJobLogger } from '../../jobs/job-definition.ts';
import { readStored } from '../../lib/read-stored.ts';
import { deliverMessage } from '../messaging/deliver-message.ts';
import { findMessageByIdempotencyKey } from '../messaging/messages.repository.ts';
import { findInvoice } from './invoices.repository.ts';
import { insertTestInvoice } from './invoices-test-helpers.ts';
import { queueInvoiceSending, sendInvoicesJob } from './send-invoices.job.ts';
import { sendUnsentInvoices } from './send-invoices.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
}, 60_000);
afterAll(() => testApp?.close());

const runMailer = () => {
  const { database, queue, messaging, storage, pdf } = testApp.context;
  return sendUnsentInvoices({ database, queue, messaging, storage, pdf, logger: silentJobLogger });
};

/** The outbox's e-mail of an invoice, handed to the SMTP simulator as the delivery job would. */
async function deliverInvoiceMail(invoiceId: string) {
  const message = await findMessageByIdempotencyKey(testApp.database.db, `invoice:${invoiceId}`);
  if (!message) throw new Error(`no e-mail was queued for ${invoiceId}`);
  await deliverMessage({
    messageId: message.id,
    attempt: 1,
    isLastAttempt: false,
    database: testApp.database,
    queue: testApp.context.queue,
    logger: silentJobLogger,
    messaging: testApp.context.messaging,
    storage: testApp.context.storage,
  });
  return message;
}

const mailboxFor = async (recipient: string) => (await testApp.context.messaging.devMailbox?.list({ recipient })) ?? [];

describe('the invoice mailer (SPEC section 9: invoices go to the invoice e-mail)', () => {
  it('e-mails an unsent invoice once, with its PDF, in the administrator’s language, and marks it sent', async () => {
    const admin = await signInSeededUser(testApp);
    await testApp.database.db.update(users).set({ locale: 'sv' }).where(eq(users.id, admin.userId));
    const invoiceEmail = `ekonomi-${admin.accountId.slice(-8).toLowerCase()}@example.com`;
    const invoice = await insertTestInvoice(testApp.database.db, { accountId: admin.accountId, invoiceEmail });

    expect((await runMailer()).sent).toBeGreaterThanOrEqual(1);
    expect((await findInvoice(testApp.database.db, invoice.id))?.sentAt).toBeInstanceOf(Date);
    // A second run finds nothing of this invoice to send.
    await runMailer();
    const queued = await testApp.database.db.select().from(messages).where(eq(messages.accountId, admin.accountId));
    expect(queued.map((row) => row.kind)).toEqual(['invoice']);
    const message = await deliverInvoiceMail(invoice.id);

    const [mail, ...others] = await mailboxFor(invoiceEmail);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe(`Faktura ${invoice.number} från Signlink`);
    const [attachment, ...more] = mail?.attachments ?? [];
    expect(more).toEqual([]);
    expect(attachment).toMatchObject({ filename: `Faktura ${invoice.number}.pdf`, contentType: 'application/pdf' });
    // The bytes that went out are the stored PDF: read back, they are the Swedish invoice with a valid reference.
    const storageKey = message.attachments?.[0]?.storageKey ?? 'missing';
    const bytes = await readStored(testApp.context.storage, storageKey);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(attachment?.sha256);
    const text = pdftotext(bytes, { layout: true });
    expect(text).toMatch(new RegExp(`OCR-nummer\\s+${invoice.ocrReference}`));
    expect(isValidOcrReference(invoice.ocrReference)).toBe(true);
    expect(text).toMatch(/Att betala\s+6 125,00 SEK/);
  });

  it('leaves an invoice it cannot send unsent for the next run, and sends the others', async () => {
    const admin = await signInSeededUser(testApp);
    const { db } = testApp.database;
    const broken = await insertTestInvoice(db, { accountId: admin.accountId, invoiceEmail: 'not an address' });
    const fine = await insertTestInvoice(db, { accountId: admin.accountId, invoiceEmail: 'fine@example.com' });
    const result = await runMailer();
    expect(result.failed).toBeGreaterThanOrEqual(1);
    expect((await findInvoice(db, broken.id))?.sentAt).toBeNull();
    expect(await findMessageByIdempotencyKey(db, `invoice:${broken.id}`)).toBeUndefined();
    expect((await findInvoice(db, fine.id))?.sentAt).toBeInstanceOf(Date);

    // Corrected, it goes out on the next run.
    await db.update(invoices).set({ invoiceEmail: 'corrected@example.com' }).where(eq(invoices.id, broken.id));
    await runMailer();
    expect((await findInvoice(db, broken.id))?.sentAt).toBeInstanceOf(Date);
    await deliverInvoiceMail(broken.id);
    const [mail] = await mailboxFor('corrected@example.com');
    expect(mail?.subject).toBe(`Invoice ${broken.number} from Signlink`);
  });

  it('is a scheduled job the queue knows, run as soon as a writer asks, whose handler sends', async () => {
    expect(jobDefinitions).toContain(sendInvoicesJob);
    expect(jobSchedules.map((schedule) => schedule.job.id)).toContain('billing.send-invoices');
    const admin = await signInSeededUser(testApp);
    const { db } = testApp.database;
    const invoice = await insertTestInvoice(db, { accountId: admin.accountId, invoiceEmail: 'job@example.com' });
    const jobId = await db.transaction((tx) => queueInvoiceSending(testApp.context.queue, tx));
    expect(jobId).toEqual(expect.any(String));

    const { config, queue, storage, messaging, pdf } = testApp.context;
    await sendInvoicesJob.handler({
      data: {},
      jobId: 'test',
      attempt: 1,
      isLastAttempt: true,
      context: {
        database: testApp.database,
        logger: silentJobLogger,
        services: { config, queue, storage, messaging, pdf } as JobServices,
      },
    });
    expect((await findInvoice(db, invoice.id))?.sentAt).toBeInstanceOf(Date);
  });
});
