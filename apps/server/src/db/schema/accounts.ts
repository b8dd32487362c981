import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The account a user acts for (SPEC section 3, Account); issue 5 grows it. Money in minor units. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['personal', 'company'] }).notNull(),
    name: text('name').notNull(),
    currency: text('currency', { enum: ['SEK', 'EUR'] }).notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('accounts_balance_non_negative', sql`${table.balanceMinor} >= 0`)],
);

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    locale: text('locale', { enum: ['en-us', 'sv', 'es'] })
      .notNull()
      .default('en-us'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_unique').on(sql`lower(${table.email})`)],
);

/** SPEC section 6 role codes: 2 administrator, 5 regular user, 11 contributor, 12 read only. */
export const memberships = pgTable(
  'memberships',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    role: integer('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.accountId] }),
    check('memberships_role_known', sql`${table.role} in (2, 5, 11, 12)`),
  ],
);
