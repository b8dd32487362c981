import type { BrandConfig } from '@signlink/brands/brand-config';
import { invoicePayee } from '@signlink/contracts/billing/invoices';
import { invoiceTerms } from '@signlink/contracts/billing/price-list';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import type { Locale } from '@signlink/contracts/locales';
import { createTranslator } from '@signlink/i18n/create-translator';
import type { InvoicePdfInput } from '@signlink/pdf/invoice/invoice-pdf';
import type { InvoiceRow } from './invoices.repository.ts';
import { periodText, utcDay } from './receipt-pdf.ts';

/** Dates as every time we keep, in UTC (ARCHITECTURE "Data"); an invoice's are whole days. */

/**
 * The invoice's texts in `locale` and its amounts as SPEC section 5 displays them: seller and buyer, number, OCR
 * reference, dates with the net days, VAT only when charged, the bankgiro to pay to and the late interest (section 9).
 */
export function invoicePdfInput(row: InvoiceRow, input: { locale: Locale; brand: BrandConfig }): InvoicePdfInput {
  const t = createTranslator(input.locale);
  const money = (minor: number) => formatMoney(minor, row.currency, input.locale);
  const period = periodText(row);
  const dueAt = t('sealing:invoice.dueAtValue', { date: utcDay(row.dueAt), days: invoiceTerms.netDays });
  return {
    seller: input.brand.name,
    // The legal entity when the brand is not itself one (PDF-blankett is provided by another), then its contact.
    sellerLines: [
      ...(input.brand.providerName !== input.brand.name ? [input.brand.providerName] : []),
      input.brand.supportEmail,
    ],
    title: t('sealing:invoice.title'),
    buyer: {
      label: t('sealing:invoice.billTo'),
      lines: [row.buyerName, ...(row.buyerAddress?.split('\n').filter((line) => line.trim() !== '') ?? [])],
    },
    details: [
      { label: t('sealing:invoice.number'), value: String(row.number) },
      { label: t('sealing:invoice.ocrReference'), value: row.ocrReference },
      { label: t('sealing:invoice.issuedAt'), value: utcDay(row.issuedAt) },
      { label: t('sealing:invoice.dueAt'), value: dueAt },
      ...(period ? [{ label: t('sealing:invoice.period'), value: period }] : []),
    ],
    amounts: [
      { label: row.description, value: money(row.subtotalMinor) },
      { label: t('sealing:invoice.subtotal'), value: money(row.subtotalMinor) },
      // Foreign companies are invoiced without Swedish VAT (reverse charge): no line of zero.
      ...(row.vatPercent > 0
        ? [{ label: t('sealing:receipt.vat', { percent: row.vatPercent }), value: money(row.vatMinor) }]
        : []),
      { label: t('sealing:invoice.total'), value: money(row.totalMinor) },
    ],
    payment: {
      heading: t('sealing:invoice.paymentHeading'),
      rows: [
        { label: t('sealing:invoice.bankgiro'), value: invoicePayee.bankgiro },
        { label: t('sealing:invoice.ocrReference'), value: row.ocrReference },
        { label: t('sealing:invoice.total'), value: money(row.totalMinor) },
        { label: t('sealing:invoice.dueAt'), value: utcDay(row.dueAt) },
      ],
    },
    terms: [
      t('sealing:invoice.terms', { days: invoiceTerms.netDays }),
      t('sealing:invoice.lateInterest', { percent: invoiceTerms.lateInterestPercent }),
      t('sealing:invoice.contact', { email: input.brand.supportEmail }),
    ],
  };
}

/** The file's name, as the download and the e-mail attachment give it: "Invoice 1042.pdf". */
export const invoiceFileName = (input: InvoicePdfInput, row: InvoiceRow) => `${input.title} ${row.number}.pdf`;
