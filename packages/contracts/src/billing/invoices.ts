import { z } from 'zod';
import { currencies } from '../constants.ts';

/**
 * Where invoices are paid (SPEC section 9, invoice terms): the operator's bankgiro, quoted with the invoice's OCR
 * reference so the bank matches the payment to its invoice. One constant, printed on every invoice.
 */
export const invoicePayee = { bankgiro: '5555-1055' } as const;

/** SPEC section 9: unpaid until the payment is registered, overdue once the due date has passed unpaid. */
export const invoiceStatuses = ['unpaid', 'paid', 'overdue'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/**
 * An invoice to an invoice customer (SPEC sections 3 and 9): numbered in one sequence, with an OCR reference carrying
 * its check digit, due `invoiceTerms.netDays` after issue, sent to the account's invoice e-mail.
 */
export const ZInvoice = z
  .object({
    Id: z.string(),
    Number: z.number().int().positive(),
    /** The reference to quote when paying: the number and its Luhn check digit. */
    OcrReference: z.string(),
    Description: z.string(),
    /** ISO 8601, UTC. */
    IssuedAt: z.string(),
    DueAt: z.string(),
    PaidAt: z.string().nullable(),
    Status: z.enum(invoiceStatuses),
    /** Excluding VAT. */
    Subtotal: z.number().int().nonnegative(),
    VatPercent: z.number().int().nonnegative(),
    Vat: z.number().int().nonnegative(),
    /** To pay: `Subtotal` plus `Vat`. */
    Amount: z.number().int().nonnegative(),
    Currency: z.enum(currencies),
    /** The period the invoice charges for (a plan's term); null when it charges for none. */
    PeriodStart: z.string().nullable(),
    PeriodEnd: z.string().nullable(),
    BuyerName: z.string(),
    InvoiceEmail: z.string(),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof ZInvoice>;

/** `GET linktinker/app/invoices`: the account's invoices, newest first. */
export const ZInvoicesResponse = z.object({ Invoices: z.array(ZInvoice) });
export type InvoicesResponse = z.infer<typeof ZInvoicesResponse>;

export const ZInvoiceParams = z.object({ id: z.string().min(1).max(100) });
export type InvoiceParams = z.infer<typeof ZInvoiceParams>;

/** The invoice address fits the account's `invoice_address` column, one line per row as printed. */
export const invoiceAddressLimits = { lines: 6, lineLength: 100 } as const;

/**
 * `GET linktinker/app/account/invoicecustomer`: where a company account's invoices go (SPEC section 3, Account: invoice
 * address and invoice e-mail). An account with both is an invoice customer and may order a plan by invoice.
 */
export const ZInvoiceCustomer = z
  .object({
    IsInvoiceCustomer: z.boolean(),
    InvoiceEmail: z.string().nullable(),
    /** The address as printed on the invoice, line by line; empty when none is registered. */
    InvoiceAddress: z.array(z.string()),
  })
  .meta({ id: 'InvoiceCustomer' });
export type InvoiceCustomer = z.infer<typeof ZInvoiceCustomer>;

/** `PUT linktinker/app/account/invoicecustomer` (administrators of company accounts). */
export const ZRegisterInvoiceCustomer = z.object({
  InvoiceEmail: z.string().trim().min(1).max(254),
  InvoiceAddress: z
    .array(z.string().trim().max(invoiceAddressLimits.lineLength))
    .max(invoiceAddressLimits.lines)
    // Blank lines are dropped; an address of none is refused.
    .transform((lines) => lines.filter((line) => line !== ''))
    .refine((lines) => lines.length > 0, 'an invoice address of at least one line'),
});
export type RegisterInvoiceCustomer = z.input<typeof ZRegisterInvoiceCustomer>;
