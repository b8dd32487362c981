import { defineRoute } from '../http/route-contract.ts';
import { ZTransactionFeesResponse } from './transaction-fees.ts';

export const listTransactionFeesRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/transactionfees',
  tags: ['billing'],
  callers: ['session'],
  summary: "The account's fees for SMS and WhatsApp messages (invitations and reminders), newest first",
  responses: { 200: ZTransactionFeesResponse },
  errors: ['FORBIDDEN'],
});
