import { type PaymentProduct, signPayAmounts, taxCodeVatPercent } from '@signlink/contracts/sign-pay/payment-products';
import type { PaymentProductRow } from './payment-products.repository.ts';

/** The price as entered, and what the payer is charged: VAT from the tax code, in or on top as the product says. */
export function amountsOfProduct(product: Pick<PaymentProductRow, 'priceMinor' | 'taxCode' | 'taxBehavior'>) {
  const vatPercent = taxCodeVatPercent[product.taxCode];
  return { vatPercent, ...signPayAmounts(product.priceMinor, vatPercent, product.taxBehavior) };
}

export function isProductUsable(product: Pick<PaymentProductRow, 'allowMultipleUse' | 'usedCount'>): boolean {
  return product.allowMultipleUse || product.usedCount === 0;
}

export function presentProduct(product: PaymentProductRow): PaymentProduct {
  const amounts = amountsOfProduct(product);
  return {
    Id: product.id,
    Name: product.name,
    Description: product.description,
    TaxCode: product.taxCode,
    VatPercent: amounts.vatPercent,
    TaxBehavior: product.taxBehavior,
    Price: product.priceMinor,
    Net: amounts.netMinor,
    Vat: amounts.vatMinor,
    Total: amounts.totalMinor,
    Currency: product.currency,
    AllowMultipleUse: product.allowMultipleUse,
    UsedCount: product.usedCount,
    Usable: isProductUsable(product),
    Created: product.createdAt.toISOString(),
  };
}
