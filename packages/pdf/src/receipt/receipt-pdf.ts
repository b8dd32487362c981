import { renderBillingDocumentPdf } from '../billing/billing-document-pdf.ts';

/** A receipt as the buyer downloads it (SPEC section 3, Receipt), on the page receipts and invoices share. */
export interface ReceiptPdfInput {
  /** The seller, as the brand names itself. */
  seller: string;
  title: string;
  /** Label and value, top to bottom: number, date, buyer, method, description. */
  details: { label: string; value: string }[];
  /** Subtotal, VAT and the total, right-aligned; the last is printed in bold. */
  amounts: { label: string; value: string }[];
  footer: string;
}

export function renderReceiptPdf(input: ReceiptPdfInput): Promise<Uint8Array> {
  return renderBillingDocumentPdf({ ...input, footer: [input.footer] });
}
