import { formatMoney } from '@signlink/contracts/format/format-amount';
import type { Locale } from '@signlink/contracts/locales';
import { createTranslator } from '@signlink/i18n/create-translator';
import type { BillingDocumentPdfInput } from '@signlink/pdf/billing/billing-document-pdf';
import type { PaymentForRecord } from './payment-record.repository.ts';

/** Sign & Pay pays through Stripe Checkout on the owner's connected account (issue 25, part 2); the record says so. */
export const paymentProviderName = 'Stripe';

/** "2026-11-27 14:05:09 UTC": every time we keep is UTC (ARCHITECTURE "Data"), and the record says so. */
export const utcTime = (at: Date) => `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/**
 * The record's page in the document's language: the document and its sealed file's SHA-256, payer and payee, the
 * product, the amounts as SPEC section 5 displays money, the provider's payment id and the payment's time.
 */
export function paymentRecordPage(
  found: PaymentForRecord & { sealedSha256: string; paidAt: Date },
  input: { locale: Locale; brandName: string; verificationUrl: string },
): BillingDocumentPdfInput {
  const t = createTranslator(input.locale);
  const { payment } = found;
  const money = (minor: number) => formatMoney(minor, payment.currency, input.locale);
  const payerEmail = payment.receiptEmail ?? found.party.email;
  // 64 hex digits do not fit the value column in one line; two halves read back as one with the spaces removed.
  const [hashStart, hashEnd] = [found.sealedSha256.slice(0, 32), found.sealedSha256.slice(32)];
  return {
    seller: input.brandName,
    title: t('sealing:paymentRecord.title'),
    details: [
      { label: t('sealing:paymentRecord.document'), value: found.document.title },
      { label: t('sealing:paymentRecord.documentId'), value: found.document.id },
      { label: t('sealing:paymentRecord.sealedSha256'), value: hashStart },
      { label: '', value: hashEnd },
      { label: t('sealing:paymentRecord.payer'), value: found.party.name },
      ...(payerEmail ? [{ label: t('sealing:paymentRecord.payerEmail'), value: payerEmail }] : []),
      { label: t('sealing:paymentRecord.payee'), value: found.payeeName },
      { label: t('sealing:paymentRecord.product'), value: payment.productName },
      { label: t('sealing:paymentRecord.provider'), value: paymentProviderName },
      { label: t('sealing:paymentRecord.providerPaymentId'), value: payment.providerPaymentId ?? '' },
      { label: t('sealing:paymentRecord.paidAt'), value: utcTime(found.paidAt) },
    ],
    amounts: [
      { label: t('sealing:paymentRecord.net'), value: money(payment.netMinor) },
      { label: t('sealing:paymentRecord.vat', { percent: payment.vatPercent }), value: money(payment.vatMinor) },
      { label: t('sealing:paymentRecord.total'), value: money(payment.totalMinor) },
    ],
    footer: [
      t('sealing:paymentRecord.currency', { currency: payment.currency, provider: paymentProviderName }),
      t('sealing:paymentRecord.verify', { brand: input.brandName, url: input.verificationUrl }),
    ],
  };
}
