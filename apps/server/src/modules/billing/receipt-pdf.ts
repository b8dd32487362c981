import { formatMoney } from '@signlink/contracts/format/format-amount';
import type { Locale } from '@signlink/contracts/locales';
import { createTranslator } from '@signlink/i18n/create-translator';
import type { ReceiptPdfInput } from '@signlink/pdf/receipt/receipt-pdf';
import type { ReceiptRow } from './payments.repository.ts';

/** A day as printed on receipts and invoices: the UTC date, as every time we keep (ARCHITECTURE "Data"). */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** What a plan or an add-on was bought for, "2026-11-27 – 2027-11-27"; null for a top-up, which buys no period. */
export function periodText(row: { periodStart: Date | null; periodEnd: Date | null }): string | null {
  return row.periodStart && row.periodEnd ? `${utcDay(row.periodStart)} – ${utcDay(row.periodEnd)}` : null;
}

/** The receipt's texts in the caller's language and its amounts as SPEC section 5 displays them. */
export function receiptPdfInput(row: ReceiptRow, input: { locale: Locale; seller: string }): ReceiptPdfInput {
  const t = createTranslator(input.locale);
  const money = (minor: number) => formatMoney(minor, row.currency, input.locale);
  const period = periodText(row);
  return {
    seller: input.seller,
    title: t('sealing:receipt.title'),
    details: [
      { label: t('sealing:receipt.number'), value: String(row.number) },
      // The date in UTC, as every time we keep (ARCHITECTURE "Data").
      { label: t('sealing:receipt.date'), value: `${row.paidAt.toISOString().slice(0, 16).replace('T', ' ')} UTC` },
      { label: t('sealing:receipt.paidBy'), value: row.buyerName },
      { label: t('sealing:receipt.method'), value: t('sealing:receipt.card') },
      // A plan's or add-on's description as it was sold; a top-up's in the reader's language.
      { label: t('sealing:receipt.description'), value: period ? row.description : t('sealing:receipt.topUp') },
      ...(period ? [{ label: t('sealing:receipt.period'), value: period }] : []),
    ],
    amounts: [
      { label: t('sealing:receipt.subtotal'), value: money(row.subtotalMinor) },
      { label: t('sealing:receipt.vat', { percent: row.vatPercent }), value: money(row.vatMinor) },
      { label: t('sealing:receipt.total'), value: money(row.totalMinor) },
    ],
    // SPEC section 3, Receipt "renews/ends": a plan renews unless cancelled, an add-on's year ends.
    footer: row.periodEnd
      ? t(row.renews ? 'sealing:receipt.renews' : 'sealing:receipt.ends', { date: utcDay(row.periodEnd) })
      : t('sealing:receipt.nonRefundable'),
  };
}
