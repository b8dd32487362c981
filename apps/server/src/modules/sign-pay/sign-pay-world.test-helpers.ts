import type { TestApp } from '../../../test/build-test-app.ts';
import { seedDocument } from '../../../test/seed-document.ts';
import { newId } from '../../lib/ids.ts';
import { requestTokenFor } from '../links/link-signing.test-helpers.ts';
import { insertProduct, savePayeeAccount } from './payment-products.repository.ts';

/** A product of the account, straight in the database. */
export async function insertTestProduct(testApp: TestApp, accountId: string) {
  return insertProduct(testApp.database.db, {
    id: newId('prd'),
    accountId,
    name: 'Deposit',
    taxCode: 'se-vat-25',
    taxBehavior: 'inclusive',
    priceMinor: 500_00,
    currency: 'SEK',
  });
}

/** The account's Stripe account made and onboarded in the simulator, and kept as connected. */
export async function connectTestPayee(testApp: TestApp, accountId: string): Promise<string> {
  const provider = testApp.payments.provider;
  const controls = testApp.payments.simulator?.controls;
  if (!provider || !controls) throw new Error('simulators are on in tests');
  const account = await provider.createConnectedAccount({
    accountId,
    country: 'SE',
    idempotencyKey: `test-${accountId}`,
  });
  controls.connect.completeOnboarding(account.id);
  await savePayeeAccount(testApp.database.db, accountId, {
    connectedAccountId: account.id,
    status: 'connected',
    connectedAt: new Date(),
  });
  return account.id;
}

/**
 * A sent document both parties signed whose party 0 pays (its link L1) and party 1 does not (L2), on an account
 * with a connected Stripe account: what the recipient payment calls act on.
 */
export async function seedPayableDocument(testApp: TestApp, owner: { userId: string; accountId: string }) {
  await connectTestPayee(testApp, owner.accountId);
  const product = await insertTestProduct(testApp, owner.accountId);
  const at = new Date(Date.now() - 60_000);
  const seeded = await seedDocument(testApp.database.db, {
    owner,
    state: 'completed',
    parties: [
      { name: 'Payer', getPaid: true, paidAt: null, signedAt: at, paymentProductId: product.id },
      { name: 'Signer', signedAt: at },
    ],
  });
  const held = await Promise.all(
    seeded.parties.map(async (party) => ({
      code: party.linkCode,
      token: await requestTokenFor(testApp, party.linkCode),
    })),
  );
  return {
    documentId: seeded.documentId,
    l1: held[0] as { code: string; token: string },
    l2: held[1] as { code: string; token: string },
  };
}

/** The recipient page's address for a link, as `sign/pay` accepts it. */
export const testReturnUrl = (testApp: TestApp, code: string) =>
  `${testApp.context.messaging.publicUrls.forBrand('signlink')}/#/?link=${code}`;
