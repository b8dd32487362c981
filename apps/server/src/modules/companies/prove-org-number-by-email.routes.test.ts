import { roles } from '@signlink/contracts/auth/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signInSeededUser } from '../../../test/sign-in.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { readSentCode } from '../verification-codes/verification-codes-test-helpers.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

let sequence = 0;
const prove = (token: string, payload: Record<string, unknown>) =>
  testApp.app.inject({
    method: 'POST',
    url: '/v2/linktinker/app/account/validation/orgnumber/email',
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
const accountRow = async (accountId: string) =>
  (await testApp.database.db.select().from(accounts).where(eq(accounts.id, accountId)))[0];

/** An administrator of a Swedish company account with no proven number, billed at a fresh invoice address. */
async function companyAdmin(role: number = roles.administrator) {
  sequence += 1;
  const user = await signInSeededUser(testApp, { role });
  const invoiceEmail = `faktura-${sequence}@example.com`;
  await testApp.database.db.update(accounts).set({ invoiceEmail }).where(eq(accounts.id, user.accountId));
  return { ...user, invoiceEmail };
}

describe('POST account/validation/orgnumber/email: the number proven by the invoice e-mail (SPEC section 7)', () => {
  it('sends a code to the invoice e-mail, and the code records the registry’s company', async () => {
    const admin = await companyAdmin();
    const sent = await prove(admin.token, { OrgNumber: '559100-0012' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ Status: 'code-sent', EmailAddressMasked: expect.stringMatching(/^f•••@/) });
    expect((await accountRow(admin.accountId))?.orgNumber).toBeNull();

    const code = await readSentCode(testApp.database, admin.invoiceEmail);
    const token = sent.json().EmailAddressToken;
    const wrong = await prove(admin.token, { OrgNumber: '559100-0012', EmailAddressToken: token, Code: 'ZZZZZZ' });
    expect(wrong.json()).toMatchObject({ code: 'WRONG_CODE' });
    const validated = await prove(admin.token, { OrgNumber: '559100-0012', EmailAddressToken: token, Code: code });
    expect(validated.statusCode, validated.body).toBe(200);
    expect(validated.json()).toEqual({ Status: 'validated' });
    expect(await accountRow(admin.accountId)).toMatchObject({
      orgNumber: '5591000012',
      legalName: 'Andersson Konsult AB',
      vatNumber: 'SE559100001201',
      name: `Company ${admin.accountId}`,
    });
  });

  it('takes no code sent for another number or another account', async () => {
    const admin = await companyAdmin();
    const other = await companyAdmin();
    const sent = await prove(other.token, { OrgNumber: '559100-0012' });
    const code = await readSentCode(testApp.database, other.invoiceEmail);
    const borrowed = await prove(admin.token, {
      OrgNumber: '559100-0012',
      EmailAddressToken: sent.json().EmailAddressToken,
      Code: code,
    });
    expect(borrowed.json()).toMatchObject({ code: 'WRONG_CODE' });

    const own = await prove(admin.token, { OrgNumber: '559100-0012' });
    const ownCode = await readSentCode(testApp.database, admin.invoiceEmail);
    const otherNumber = await prove(admin.token, {
      OrgNumber: '559100-0020',
      EmailAddressToken: own.json().EmailAddressToken,
      Code: ownCode,
    });
    expect(otherNumber.json()).toMatchObject({ code: 'WRONG_CODE' });
    expect((await accountRow(admin.accountId))?.orgNumber).toBeNull();
  });

  it('refuses an account without an invoice e-mail, and those who are not administrators', async () => {
    const admin = await companyAdmin();
    await testApp.database.db.update(accounts).set({ invoiceEmail: null }).where(eq(accounts.id, admin.accountId));
    expect((await prove(admin.token, { OrgNumber: '559100-0012' })).json()).toMatchObject({
      code: 'INVOICE_DETAILS_MISSING',
    });
    const regular = await companyAdmin(roles.regular);
    const refused = await prove(regular.token, { OrgNumber: '559100-0012' });
    expect(refused.statusCode).toBe(403);
  });
});
