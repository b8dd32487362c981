import { ZDocumentIdParams } from '../documents/drafts.ts';
import { defineRoute } from '../http/route-contract.ts';
import { ZBulkSendIdParams, ZBulkSendPreview, ZBulkSendPreviewRequest, ZBulkSendProgress } from './bulk-send.ts';

/** Bulk send (issue 24, part 7): preview a CSV against a template, confirm, follow the progress. Those who send. */
const tags = ['templates'];
const callers = ['session'] as const;

export const previewBulkSendRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/templates/:id/bulksends',
  tags,
  callers,
  summary:
    "A CSV checked against the template's roles, each row's problems listed and the valid rows priced; nothing " +
    'charged, nothing made but the bulk send to confirm (BULK_SEND_CSV_INVALID: unreadable, unknown or missing ' +
    'columns, no rows or more than 1,000)',
  params: ZDocumentIdParams,
  body: ZBulkSendPreviewRequest,
  responses: { 201: ZBulkSendPreview },
  errors: ['NOT_FOUND', 'FORBIDDEN', 'TEMPLATES_NEED_PLAN', 'BULK_SEND_CSV_INVALID'],
});

export const confirmBulkSendRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/bulksends/:id/send',
  tags,
  callers,
  summary:
    'Confirm a previewed bulk send: the balance must cover every valid row (INSUFFICIENT_BALANCE), then one job ' +
    'per row makes its document from the template and sends it, each charged as it is sent',
  params: ZBulkSendIdParams,
  responses: { 200: ZBulkSendProgress },
  // Confirmed already: the progress, nothing queued twice.
  errors: ['NOT_FOUND', 'FORBIDDEN', 'BULK_SEND_NOTHING_TO_SEND', 'INSUFFICIENT_BALANCE'],
});

export const findBulkSendRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/bulksends/:id',
  tags,
  callers,
  summary: "A bulk send's progress: rows sent, failed and pending",
  params: ZBulkSendIdParams,
  responses: { 200: ZBulkSendProgress },
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
