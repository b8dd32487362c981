import { z } from 'zod';
import { currencies } from '../constants.ts';

/**
 * SPEC sections 7 and 9: the fee of each SMS and WhatsApp message a provider accepted for the account, invitations
 * and reminders alike, in the account's currency; one line per message, never two. Also each conversation with the
 * assistant that cost something (issue 28: a model's tokens), one line per conversation.
 */
export const ZTransactionFee = z
  .object({
    Id: z.string(),
    /** ISO 8601, UTC: when the provider accepted the message. */
    At: z.string(),
    Kind: z.enum(['sms-message', 'whatsapp-message', 'assistant-conversation']),
    Amount: z.number().int().nonnegative(),
    Currency: z.enum(currencies),
    /** The document the message was about, while it exists. */
    DocumentId: z.string().nullable(),
    DocumentTitle: z.string().nullable(),
  })
  .meta({ id: 'TransactionFee' });
export type TransactionFee = z.infer<typeof ZTransactionFee>;

/** `GET linktinker/app/transactionfees`: the latest fees, newest first, and what they come to. */
export const ZTransactionFeesResponse = z.object({
  Fees: z.array(ZTransactionFee),
  /** The sum of `Fees`, minor units of `Currency` (the account's). */
  Total: z.number().int().nonnegative(),
  Currency: z.enum(currencies),
});
export type TransactionFeesResponse = z.infer<typeof ZTransactionFeesResponse>;
