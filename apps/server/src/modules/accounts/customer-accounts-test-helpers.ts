import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { readSentCode } from '../verification-codes/verification-codes-test-helpers.ts';

/** The partner's way through `accounts/validation/email` and `/validate`: the customer's address, proven. */
export async function proveCustomerEmail(testApp: TestApp, token: string, email: string) {
  const headers = { authorization: `Bearer ${token}` };
  const sent = await testApp.app.inject({
    method: 'POST',
    url: '/v2/linktinker/app/accounts/validation/email',
    headers,
    payload: { EmailAddress: email },
  });
  if (sent.statusCode !== 200) throw new Error(`code not sent: ${sent.body}`);
  const code = await readSentCode(testApp.database, email.toLowerCase());
  const validated = await testApp.app.inject({
    method: 'POST',
    url: '/v2/linktinker/app/accounts/validation/validate',
    headers,
    payload: { EmailAddressToken: sent.json().EmailAddressToken, Code: code },
  });
  if (validated.statusCode !== 200) throw new Error(`code refused: ${validated.body}`);
  return validated.json() as { EmailAddress: string; EmailVerificationToken: string };
}

/** A customer account's terms as the wizard sends them: SMALL for a year from now, a Swedish company. */
export function customerAccountBody(emailVerificationToken: string, overrides: Record<string, unknown> = {}) {
  return {
    EmailVerificationToken: emailVerificationToken,
    Company: { CountryCode: 'SE', OrgNumber: '5591000012' },
    PricePlanId: 'SMALL',
    Years: 1,
    ActivateNow: true,
    InvoiceSetting: 'customer',
    AdditionalAmount: 0,
    ...overrides,
  };
}

/** Sets the account's invoice e-mail, where codes and invoices go. */
export async function setInvoiceEmail(testApp: TestApp, accountId: string, invoiceEmail: string | null) {
  await testApp.database.db.update(accounts).set({ invoiceEmail }).where(eq(accounts.id, accountId));
}
