import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { PartyRow } from '../document-core/document-parts.repository.ts';
import { requireConnectedPayee } from './payee-account.service.ts';
import { findAccountProduct, useProduct } from './payment-products.repository.ts';

/**
 * What sending a document that asks parties to pay needs (issue 25, parts 1 and 2), checked in the send's
 * transaction: each paying party names a product of the account (PAYMENT_PRODUCT_REQUIRED), the account's own
 * Stripe account is connected (PAYEE_NOT_CONNECTED), and a single-use product is still unused; its use is counted
 * here, so a send that fails later rolls the count back with everything else.
 */
export async function assertSignPayReady(
  tx: Transaction,
  input: { accountId: string; parties: readonly Pick<PartyRow, 'signatureIndex' | 'getPaid' | 'paymentProductId'>[] },
): Promise<void> {
  const paying = input.parties.filter((party) => party.getPaid);
  if (paying.length === 0) return;
  const productIds = new Set<string>();
  for (const party of paying) {
    const product = party.paymentProductId
      ? await findAccountProduct(tx, { accountId: input.accountId, productId: party.paymentProductId })
      : undefined;
    if (!product) {
      throw new AppError('PAYMENT_PRODUCT_REQUIRED', {
        details: { path: `Parties[${party.signatureIndex}].PaymentProductId` },
      });
    }
    productIds.add(product.id);
  }
  await requireConnectedPayee(tx, input.accountId);
  // One document asks for a product once, however many of its parties pay it.
  for (const productId of productIds) {
    if (!(await useProduct(tx, productId))) {
      throw new AppError('PAYMENT_PRODUCT_USED', { details: { productId } });
    }
  }
}
