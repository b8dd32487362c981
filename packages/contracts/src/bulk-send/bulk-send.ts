import { z } from 'zod';
import { ZCostResponse } from '../documents/send-document.ts';

/**
 * Bulk send (issue 24, part 7; beyond the SPEC): a template sent to many from a CSV, one row per document. The CSV's
 * header names per role `<Role> name`, `<Role> email` and `<Role> phone` (the role as the template names it), and
 * optionally `Title`. A preview validates every row and prices the valid ones; nothing is charged or made but the
 * bulk send itself until it is confirmed, when one job per row makes the document from the template and sends it.
 */
export const bulkSendMaxRows = 1000;
/** About 1,000 characters a row: the CSV travels in a JSON body under the server's 1 MiB limit. */
export const bulkSendMaxCsvLength = 1_000_000;

export const ZBulkSendIdParams = z.object({ id: z.string().min(1).max(64) });
export type BulkSendIdParams = z.infer<typeof ZBulkSendIdParams>;

/** The CSV as text (the web reads the chosen file); RFC 4180, comma-separated, UTF-8 with or without a BOM. */
export const ZBulkSendPreviewRequest = z.object({ Csv: z.string().min(1).max(bulkSendMaxCsvLength) });
export type BulkSendPreviewRequest = z.infer<typeof ZBulkSendPreviewRequest>;

/** A row's problem: an error-catalogue code (TEMPLATE_ROLE_EMPTY, INVALID_EMAIL, INVALID_PHONE) and its column. */
export const ZBulkSendProblem = z.object({ Code: z.string(), Column: z.string().optional() });
export type BulkSendProblem = z.infer<typeof ZBulkSendProblem>;

export const ZBulkSendRowProblems = z.object({
  /** 1-based data row, as a spreadsheet counts below the header. */
  Row: z.number().int().positive(),
  Problems: z.array(ZBulkSendProblem),
});
export type BulkSendRowProblems = z.infer<typeof ZBulkSendRowProblems>;

/** What the valid rows cost together, from the price list, against the balance (no send problems: those are rows). */
export const ZBulkSendCost = ZCostResponse.omit({ Problems: true });
export type BulkSendCost = z.infer<typeof ZBulkSendCost>;

export const bulkSendStatuses = ['previewed', 'sending', 'done', 'cancelled'] as const;

export const ZBulkSendPreview = z
  .object({
    Id: z.string(),
    TemplateId: z.string(),
    /** Only the rows with problems; the others are valid. */
    Rows: z.array(ZBulkSendRowProblems),
    Valid: z.number().int().nonnegative(),
    Invalid: z.number().int().nonnegative(),
    Cost: ZBulkSendCost,
  })
  .meta({ id: 'BulkSendPreview' });
export type BulkSendPreview = z.infer<typeof ZBulkSendPreview>;

export const ZBulkSendProgress = z
  .object({
    Id: z.string(),
    TemplateId: z.string(),
    Status: z.enum(bulkSendStatuses),
    /** Data rows in the CSV. */
    Total: z.number().int().nonnegative(),
    Invalid: z.number().int().nonnegative(),
    Sent: z.number().int().nonnegative(),
    Failed: z.number().int().nonnegative(),
    /** Valid rows not yet sent nor failed. */
    Pending: z.number().int().nonnegative(),
    /** The rows that failed to send, with the catalogue code of why. */
    Failures: z.array(z.object({ Row: z.number().int().positive(), Code: z.string() })),
    /** ISO 8601, UTC. */
    Created: z.string(),
    Finished: z.string().nullable(),
  })
  .meta({ id: 'BulkSendProgress' });
export type BulkSendProgress = z.infer<typeof ZBulkSendProgress>;
