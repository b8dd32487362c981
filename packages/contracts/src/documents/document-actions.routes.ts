import { z } from 'zod';
import { defineRoute } from '../http/route-contract.ts';
import {
  ZContactDetailsRequest,
  ZContactDetailsResponse,
  ZSendRemindersRequest,
  ZSendRemindersResponse,
  ZWithdrawResponse,
} from './documents.ts';
import { ZDocumentIdParams } from './drafts.ts';
import { ZShareDocumentRequest, ZShareDocumentResponse } from './share-document.ts';

/**
 * The actions on a sent document that touch its links, balance or messages (SPEC sections 4 and 7): withdraw
 * (`disable`), correct a party's contact details, send reminders, share a party's link.
 */
const tags = ['documents'];
const callers = ['session'] as const;

/** The document as the caller may reach it, and open (active) for the action. */
const openDocumentErrors = ['NOT_FOUND', 'FORBIDDEN', 'DOCUMENT_NOT_OPEN'] as const;
/** Queuing a text needs the add-on (SPEC section 5), and every channel a provider configured on this server. */
const messageErrors = ['ADDON_REQUIRED', 'SEND_FAILED'] as const;

export const withdrawDocumentRoute = defineRoute({
  method: 'PUT',
  path: '/linktinker/errands/:id/disable',
  tags,
  callers,
  summary:
    'Withdraw an active document, irreversibly: its links are recalled and unsigned parties’ reservations ' +
    'return to the balance (completed: DOCUMENT_COMPLETED; already withdrawn: the same answer)',
  params: ZDocumentIdParams,
  body: z.object({}).optional(),
  responses: { 200: ZWithdrawResponse },
  errors: [...openDocumentErrors, 'DOCUMENT_COMPLETED'],
});

export const updateContactDetailsRoute = defineRoute({
  method: 'PUT',
  path: '/linktinker/errands/:id/contactdetails',
  tags,
  callers,
  summary:
    "Correct an unsigned party's e-mail, phone or invitation method: the old link is revoked, a new one is " +
    'sent (at most three times per party: CONTACT_UPDATE_LIMIT_REACHED)',
  params: ZDocumentIdParams,
  body: ZContactDetailsRequest,
  responses: { 200: ZContactDetailsResponse },
  errors: [...openDocumentErrors, ...messageErrors, 'INVALID_EMAIL', 'INVALID_PHONE', 'CONTACT_UPDATE_LIMIT_REACHED'],
});

export const sendRemindersRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/errands/:id/sendreminders',
  tags,
  callers,
  summary:
    'Remind every unsigned party, or the listed ones: one per party per hour, ten in all ' +
    '(REMINDER_LIMIT_REACHED with the parties and why)',
  params: ZDocumentIdParams,
  body: ZSendRemindersRequest.optional(),
  responses: { 200: ZSendRemindersResponse },
  errors: [...openDocumentErrors, ...messageErrors, 'REMINDER_LIMIT_REACHED'],
});

export const shareDocumentRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/errands/:id/share',
  tags,
  callers,
  summary:
    "Send a party's link to an e-mail address or phone (SMS needs the add-on); only while the document is " +
    'open, at most ten per document per hour (RATE_LIMITED)',
  params: ZDocumentIdParams,
  body: ZShareDocumentRequest,
  responses: { 200: ZShareDocumentResponse },
  errors: [...openDocumentErrors, ...messageErrors, 'INVALID_EMAIL', 'INVALID_PHONE'],
});
