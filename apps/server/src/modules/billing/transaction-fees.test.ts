import { roles } from '@signlink/contracts/auth/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedDocument } from '../../../test/seed-document.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { newId } from '../../lib/ids.ts';
import { insertMessageOnce, insertTransactionFeeOnce } from '../messaging/messages.repository.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
}, 60_000);
afterAll(() => testApp?.close());

const path = '/v2/linktinker/app/transactionfees';

/** A text the provider accepted for `accountId`, and its fee, as delivery records them (deliver-message.ts). */
async function textWithFee(
  accountId: string,
  fee: { channel: 'sms' | 'whatsapp'; amountMinor: number; documentId?: string; at: Date },
) {
  const messageId = newId('msg');
  await testApp.database.db.transaction(async (tx) => {
    await insertMessageOnce(tx, {
      id: messageId,
      kind: 'document-invitation',
      channel: fee.channel,
      recipient: '+46701234567',
      locale: 'sv',
      brand: 'signlink',
      data: {},
      accountId,
      state: 'sent',
      ...(fee.documentId ? { documentId: fee.documentId } : {}),
    });
    await insertTransactionFeeOnce(tx, {
      id: newId('fee'),
      accountId,
      messageId,
      kind: fee.channel === 'sms' ? 'sms-message' : 'whatsapp-message',
      amountMinor: fee.amountMinor,
      currency: 'SEK',
      createdAt: fee.at,
    });
  });
}

describe('GET linktinker/app/transactionfees (SPEC sections 7 and 9)', () => {
  it("lists the account's text fees newest first with their document, and their sum", async () => {
    const admin = await signInSeededUser(testApp, { role: roles.administrator });
    const doc = await seedDocument(testApp.database.db, { owner: admin, title: 'Hyresavtal Åre' });
    await textWithFee(admin.accountId, {
      channel: 'sms',
      amountMinor: 95,
      documentId: doc.documentId,
      at: new Date('2026-11-20T10:00:00Z'),
    });
    await textWithFee(admin.accountId, { channel: 'whatsapp', amountMinor: 65, at: new Date('2026-11-21T10:00:00Z') });
    // Another account's fee is not this account's.
    const other = await signInSeededUser(testApp, { role: roles.administrator });
    await textWithFee(other.accountId, { channel: 'sms', amountMinor: 95, at: new Date('2026-11-22T10:00:00Z') });

    const response = await injectWithToken(testApp, admin.token, 'GET', path);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      Fees: [
        expect.objectContaining({
          At: '2026-11-21T10:00:00.000Z',
          Kind: 'whatsapp-message',
          Amount: 65,
          DocumentId: null,
          DocumentTitle: null,
        }),
        expect.objectContaining({
          At: '2026-11-20T10:00:00.000Z',
          Kind: 'sms-message',
          Amount: 95,
          Currency: 'SEK',
          DocumentId: doc.documentId,
          DocumentTitle: 'Hyresavtal Åre',
        }),
      ],
      Total: 160,
      Currency: 'SEK',
    });
    expect((await injectWithToken(testApp, other.token, 'GET', path)).json()).toMatchObject({ Total: 95 });
  });

  it('is for those who spend the balance: a read-only user is refused', async () => {
    const reader = await signInSeededUser(testApp, { role: roles.readOnly });
    const response = await injectWithToken(testApp, reader.token, 'GET', path);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
  });
});
