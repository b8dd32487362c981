import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileRules } from '@signlink/contracts/documents/document-model';
import { and, eq, like } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app.ts';
import { type SeedDocumentOptions, seedDocument } from '../../../test/seed-document.ts';
import { fixturePdfDirectory } from '../../../test/seed-signed-document.ts';
import { documentEvents } from '../../db/schema/document-events.ts';
import { messages } from '../../db/schema/messages.ts';
import { silentJobLogger } from '../../jobs/job-definition.ts';
import { deliverMessage } from '../messaging/deliver-message.ts';
import { requestTokenFor } from './link-signing.test-helpers.ts';

export const fixturePdf = new Uint8Array(readFileSync(join(fixturePdfDirectory, 'pdflatex-4-pages.pdf')));
export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Each party's text and checkbox field on page 1, beside its signature field. */
function formFields(parties: number): FileRules['fields'] {
  return Array.from({ length: parties }, (_, index) => [
    {
      id: `sig-${index}`,
      type: 'signature' as const,
      signatureIndex: index,
      page: 1,
      x: 60,
      y: 600 - index * 100,
      width: 200,
      height: 60,
      required: true,
      name: `Signature[${index}]`,
    },
    {
      id: `text-${index}`,
      type: 'text' as const,
      signatureIndex: index,
      page: 1,
      x: 300,
      y: 600 - index * 100,
      width: 220,
      height: 20,
      required: true,
      name: `Text[${index}]`,
    },
    {
      id: `check-${index}`,
      type: 'checkbox' as const,
      signatureIndex: index,
      page: 1,
      x: 300,
      y: 630 - index * 100,
      width: 14,
      height: 14,
      required: false,
      name: `Checkbox[${index}]`,
    },
  ]).flat();
}

/** A sent two-party document with a real PDF in storage, its form fields, and each link's RequestToken. */
export async function seedFormDocument(testApp: TestApp, options: SeedDocumentOptions = {}) {
  const doc = await seedDocument(testApp.database.db, {
    title: 'Medlemsansökan',
    parties: [{ name: 'Anna Andersson' }, { name: 'Bo Berg' }],
    storage: testApp.context.storage,
    pdf: { bytes: fixturePdf, pageSizes: Array.from({ length: 4 }, () => ({ width: 612, height: 792 })) },
    fields: formFields(options.parties?.length ?? 2),
    ...options,
  });
  const tokens = await Promise.all(doc.parties.map((party) => requestTokenFor(testApp, party.linkCode)));
  return { doc, tokens, links: doc.parties.map((party) => party.linkCode) };
}

export const postLink = (testApp: TestApp, linkId: string, path: string, payload: object) =>
  testApp.app.inject({
    method: 'POST',
    url: `/v2/linktinker/links/${linkId}/${path}`,
    payload: payload as Record<string, unknown>,
  });

/** Delivers every message of one form the way the worker does, through the simulators. */
export async function deliverFormMessages(testApp: TestApp, formId: string) {
  const rows = await testApp.database.db
    .select({ id: messages.id, channel: messages.channel, recipient: messages.recipient, kind: messages.kind })
    .from(messages)
    .where(and(like(messages.idempotencyKey, `form:${formId}:%`)));
  for (const row of rows) {
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
  }
  return rows;
}

export const mailboxFor = async (testApp: TestApp, recipient: string) =>
  (await testApp.context.messaging.devMailbox?.list({ recipient })) ?? [];

export async function eventsOf(testApp: TestApp, documentId: string) {
  return testApp.database.db
    .select()
    .from(documentEvents)
    .where(eq(documentEvents.documentId, documentId))
    .orderBy(documentEvents.sequence);
}
