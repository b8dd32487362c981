import { type BillingDocumentPdfInput, renderBillingDocumentPdf } from '../billing/billing-document-pdf.ts';

/**
 * An invoice as the buyer receives it (SPEC section 9, invoice terms): seller, buyer, number, OCR reference, dates,
 * amounts, how to pay and the late-interest terms, on the page receipts and invoices share. Translated and
 * formatted by the caller.
 */
export interface InvoicePdfInput {
  seller: string;
  sellerLines: string[];
  title: string;
  buyer: { label: string; lines: string[] };
  /** Number, OCR reference, issue date, due date with its terms, period. */
  details: { label: string; value: string }[];
  /** The invoice's line, subtotal, VAT when charged, and the total to pay (bold). */
  amounts: { label: string; value: string }[];
  payment: { heading: string; rows: { label: string; value: string }[] };
  /** The payment terms and late interest, one sentence a line. */
  terms: string[];
}

export function renderInvoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
  const page: BillingDocumentPdfInput = {
    seller: input.seller,
    sellerLines: input.sellerLines,
    title: input.title,
    recipient: input.buyer,
    details: input.details,
    amounts: input.amounts,
    payment: input.payment,
    footer: input.terms,
  };
  return renderBillingDocumentPdf(page);
}
