import { formatMoney } from '@signlink/contracts/format/format-amount';
import type { Locale } from '@signlink/contracts/locales';
import { createTranslator } from '@signlink/i18n/create-translator';
import type { ReceiptPdfInput } from '@signlink/pdf/receipt/receipt-pdf';
import type { ReceiptRow } from './payments.repository.ts';

/** The receipt's texts in the caller's language and its amounts as SPEC section 5 displays them. */
export function receiptPdfInput(row: ReceiptRow, input: { locale: Locale; seller: string }): ReceiptPdfInput {
  const t = createTranslator(input.locale);
  const money = (minor: number) => formatMoney(minor, row.currency, input.locale);
  return {
    seller: input.seller,
    title: t('sealing:receipt.title'),
    details: [
      { label: t('sealing:receipt.number'), value: String(row.number) },
      // The date in UTC, as every time we keep (ARCHITECTURE "Data").
      { label: t('sealing:receipt.date'), value: `${row.paidAt.toISOString().slice(0, 16).replace('T', ' ')} UTC` },
      { label: t('sealing:receipt.paidBy'), value: row.buyerName },
      { label: t('sealing:receipt.method'), value: t('sealing:receipt.card') },
      { label: t('sealing:receipt.description'), value: t('sealing:receipt.topUp') },
    ],
    amounts: [
      { label: t('sealing:receipt.subtotal'), value: money(row.subtotalMinor) },
      { label: t('sealing:receipt.vat', { percent: row.vatPercent }), value: money(row.vatMinor) },
      { label: t('sealing:receipt.total'), value: money(row.totalMinor) },
    ],
    footer: t('sealing:receipt.nonRefundable'),
  };
}
