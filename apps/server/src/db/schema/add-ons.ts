import { addOnIds } from '@signlink/contracts/billing/add-ons';
import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * The add-ons an account has (SPEC section 3 Account "add-ons"; section 5: SMS or WhatsApp invitations and
 * reminders need the matching one). Billing sells them (`payments/addons/activate`) and sets the period; until it
 * exists, rows come from the demo seed and tests. An add-on is active while `expiresAt` is empty or in the future.
 */
export const accountAddOns = pgTable(
  'account_add_ons',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    addOnId: text('add_on_id', { enum: addOnIds }).notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.addOnId] })],
);
