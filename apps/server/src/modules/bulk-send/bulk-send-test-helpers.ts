import { eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app.ts';
import { giveAddOns, signatureField } from '../../../test/seed-draft.ts';
import { documentFiles, documentParties, documents } from '../../db/schema/documents.ts';
import { silentJobLogger } from '../../jobs/job-definition.ts';
import { newFieldAccessKey, newId } from '../../lib/ids.ts';
import { createDraft } from '../documents/upload-test-helpers.ts';
import { sendBulkRowJob } from './send-bulk-row.job.ts';

/**
 * A template of the owner's made as the templates screen would leave one: an uploaded PDF (real bytes, which using
 * the template copies), one e-signature slot per role with no person named, and the templates add-on.
 */
export async function seedTemplate(
  testApp: TestApp,
  owner: { token: string; accountId: string },
  roles: string[] = ['Customer', 'Witness'],
  options: { withTemplatesAddOn?: boolean; accessLevel?: 'private' | 'shared' } = {},
) {
  const { db } = testApp.database;
  if (options.withTemplatesAddOn !== false) await giveAddOns(db, owner.accountId, ['templates']);
  const draft = await createDraft(testApp, owner.token, 1, 'Lease.pdf');
  const fileId = draft.Files[0]?.Id ?? '';
  const parties = roles.map((role, signatureIndex) => ({
    id: newId('pty'),
    documentId: draft.Id,
    signatureIndex,
    role,
    name: '',
    email: null,
    phone: null,
    invitationMethod: 'email' as const,
    signatureType: 'e-signature' as const,
    accessKey: newFieldAccessKey(),
  }));
  await db.transaction(async (tx) => {
    await tx.insert(documentParties).values(parties);
    await tx
      .update(documentFiles)
      .set({
        rules: {
          fields: parties.map((party) => signatureField(party.signatureIndex)),
          access: Object.fromEntries(parties.map((party) => [String(party.signatureIndex), party.accessKey])),
        },
      })
      .where(eq(documentFiles.id, fileId));
    await tx
      .update(documents)
      .set({ kind: 'template', title: 'Lease', accessLevel: options.accessLevel ?? 'private' })
      .where(eq(documents.id, draft.Id));
  });
  return { templateId: draft.Id };
}

/** Runs every queued bulk-send row job in-process, as a worker would (the test app's queue does not work). */
export async function runBulkSendJobs(testApp: TestApp) {
  const { rows } = await testApp.database.executeSql(
    `SELECT id, data FROM pgboss.job WHERE name = $1 AND state = 'created' ORDER BY created_on`,
    [sendBulkRowJob.id],
  );
  const { context } = testApp;
  const services = {
    config: context.config,
    queue: context.queue,
    storage: context.storage,
    messaging: context.messaging,
  } as never;
  for (const job of rows as { id: string; data: { rowId: string; brand: 'signlink' } }[]) {
    await sendBulkRowJob.handler({
      data: job.data,
      jobId: job.id,
      attempt: 1,
      isLastAttempt: true,
      context: { database: testApp.database, logger: silentJobLogger, services },
    });
    await testApp.database.executeSql(`UPDATE pgboss.job SET state = 'completed' WHERE id = $1`, [job.id]);
  }
  return rows.length;
}

export const documentsOfBulkSend = (testApp: TestApp, bulkSendId: string) =>
  testApp.database.db
    .select({ id: documents.id, state: documents.state, title: documents.title, templateId: documents.templateId })
    .from(documents)
    .where(sql`${documents.bulkSendId} = ${bulkSendId}`);
