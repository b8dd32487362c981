import type { ZCreatePaymentProductRequest } from '@signlink/contracts/sign-pay/payment-products';
import {
  type CreatePaymentProductRequest,
  type DefaultTaxCodeResponse,
  defaultPaymentTaxCode,
  type PaymentProduct,
  type PaymentProductsResponse,
  paymentTaxCodes,
  taxCodeVatPercent,
} from '@signlink/contracts/sign-pay/payment-products';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { newId } from '../../lib/ids.ts';
import { findPayingAccount } from '../billing/payments.repository.ts';
import { authorize, can } from '../document-core/account.policy.ts';
import { presentProduct } from './payment-products.presenter.ts';
import {
  findAccountProduct,
  findPayeeAccount,
  insertProduct,
  listAccountProducts,
  savePayeeAccount,
} from './payment-products.repository.ts';

export interface PaymentProductsDeps {
  db: Database;
}

async function accountCurrency(db: Database, accountId: string) {
  const account = await findPayingAccount(db, accountId);
  if (!account) throw new AppError('NOT_FOUND');
  return account.currency;
}

/** Every member sees the account's products (read-only users see the parties of shared documents anyway). */
export async function listPaymentProducts(deps: PaymentProductsDeps, actor: Actor): Promise<PaymentProductsResponse> {
  authorize(actor, 'account.view', { accountId: actor.accountId });
  const [rows, currency] = await Promise.all([
    listAccountProducts(deps.db, actor.accountId),
    accountCurrency(deps.db, actor.accountId),
  ]);
  return {
    PaymentLinks: rows.map(presentProduct),
    Currency: currency,
    CanCreate: can(actor, 'paymentProducts.create', { accountId: actor.accountId }),
  };
}

/** In the account's currency, never the client's (SPEC section 9: currencies are never mixed). */
export async function createPaymentProduct(
  deps: PaymentProductsDeps,
  actor: Actor,
  request: z.output<typeof ZCreatePaymentProductRequest> | CreatePaymentProductRequest,
): Promise<PaymentProduct> {
  authorize(actor, 'paymentProducts.create', { accountId: actor.accountId });
  const currency = await accountCurrency(deps.db, actor.accountId);
  return deps.db.transaction(async (tx) => {
    const product = await insertProduct(tx, {
      id: newId('prd'),
      accountId: actor.accountId,
      name: request.Name,
      description: request.Description ?? '',
      taxCode: request.TaxCode,
      taxBehavior: request.TaxBehavior ?? 'inclusive',
      priceMinor: request.Price,
      currency,
      allowMultipleUse: request.AllowMultipleUse ?? true,
      createdBy: actor.userId,
    });
    if (request.RememberTaxCode) await savePayeeAccount(tx, actor.accountId, { defaultTaxCode: request.TaxCode });
    return presentProduct(product);
  });
}

export async function findPaymentProduct(
  deps: PaymentProductsDeps,
  actor: Actor,
  productId: string,
): Promise<PaymentProduct> {
  authorize(actor, 'account.view', { accountId: actor.accountId });
  const product = await findAccountProduct(deps.db, { accountId: actor.accountId, productId });
  if (!product) throw new AppError('NOT_FOUND');
  return presentProduct(product);
}

export async function findDefaultTaxCode(deps: PaymentProductsDeps, actor: Actor): Promise<DefaultTaxCodeResponse> {
  authorize(actor, 'account.view', { accountId: actor.accountId });
  const payee = await findPayeeAccount(deps.db, actor.accountId);
  return {
    TaxCode: payee?.defaultTaxCode ?? defaultPaymentTaxCode,
    TaxCodes: paymentTaxCodes.map((code) => ({ Code: code, VatPercent: taxCodeVatPercent[code] })),
  };
}
