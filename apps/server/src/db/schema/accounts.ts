import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The account a user acts for (SPEC section 3, Account): personal, company or association. Money in minor
 * units of the account's one currency. A personal account belongs to one user (`ownerUserId`).
 */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['personal', 'company', 'association'] }).notNull(),
    name: text('name').notNull(),
    currency: text('currency', { enum: ['SEK', 'EUR'] }).notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
    /** The user a personal account belongs to; empty for companies and associations. */
    ownerUserId: text('owner_user_id').references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    /** 10 digits, for Swedish companies and associations. */
    orgNumber: text('org_number'),
    /** Compact form, e.g. SE559100001201; required for foreign companies (SPEC section 5). */
    vatNumber: text('vat_number'),
    legalName: text('legal_name'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    zipCode: text('zip_code'),
    city: text('city'),
    province: text('province'),
    countryCode: text('country_code').notNull().default('SE'),
    invoiceAddress: text('invoice_address'),
    invoiceEmail: text('invoice_email'),
    /** What a new document's access level is unless its sender chooses (DECISIONS: private). */
    defaultAccessLevel: text('default_access_level', { enum: ['private', 'shared'] })
      .notNull()
      .default('private'),
    /**
     * A partner adds customer accounts and has referral links (SPEC section 6); the provider activates the
     * programme, so this is set by the operator, never through the API.
     */
    isPartner: boolean('is_partner').notNull().default(false),
    /** The partner that brought this account, by a customer-account invitation or a referral link. */
    partnerAccountId: text('partner_account_id').references((): AnyPgColumn => accounts.id, { onDelete: 'set null' }),
    /** What recipients must accept before a document of this account opens (SPEC section 4, gate order step 1). */
    consentMessage: text('consent_message'),
    /** The owner's privacy page, shown in the recipient's privacy dialog (issue 8, part 11). */
    privacyUrl: text('privacy_url'),
    /** The logo in the recipient page's header, in storage, and its image type. */
    logoStorageKey: text('logo_storage_key'),
    logoContentType: text('logo_content_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('accounts_balance_non_negative', sql`${table.balanceMinor} >= 0`),
    // One personal account per user (SPEC section 5).
    uniqueIndex('accounts_one_personal_per_user').on(table.ownerUserId).where(sql`${table.kind} = 'personal'`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** Absent until a phone registration reaches its e-mail step, or for a BankID-only user. */
    email: text('email'),
    name: text('name').notNull(),
    /** E.164. */
    phone: text('phone'),
    /** 12 digits, YYYYMMDDNNNN, when the user has identified with BankID. */
    personalNumber: text('personal_number'),
    passwordHash: text('password_hash'),
    pinHash: text('pin_hash'),
    /** Wrong PINs in a row for this user's phone; at the limit, PIN login locks until `pinLockedUntil`. */
    pinWrongTries: integer('pin_wrong_tries').notNull().default(0),
    pinLockedUntil: timestamp('pin_locked_until', { withTimezone: true }),
    /** The same rule for e-mail and password login: 5 wrong passwords lock it for 15 minutes. */
    passwordWrongTries: integer('password_wrong_tries').notNull().default(0),
    passwordLockedUntil: timestamp('password_locked_until', { withTimezone: true }),
    locale: text('locale', { enum: ['en-us', 'sv', 'es'] })
      .notNull()
      .default('en-us'),
    /** The login credentials payload's referral, voucher and campaign ids (SPEC section 3), kept for billing. */
    attribution: jsonb('attribution').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    uniqueIndex('users_phone_unique').on(table.phone),
    uniqueIndex('users_personal_number_unique').on(table.personalNumber),
  ],
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
    index('memberships_account_idx').on(table.accountId),
  ],
);

/** An administrator's invitation of a person, by e-mail, into a company account (SPEC section 4). */
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: integer('role').notNull(),
    status: text('status', { enum: ['pending', 'cancelled', 'accepted'] })
      .notNull()
      .default('pending'),
    invitedBy: text('invited_by').references(() => users.id),
    acceptedBy: text('accepted_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    check('invitations_role_known', sql`${table.role} in (2, 5, 11, 12)`),
    // One pending invitation per e-mail per account: a second invite reminds instead.
    uniqueIndex('invitations_pending_unique')
      .on(table.accountId, sql`lower(${table.email})`)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * Every change of an account's balance, with its reason, append-only. `accounts.balance_minor` is the running sum,
 * written in the same transaction with the account row locked. Each line moves one pot: paid credit (top-ups, the
 * welcome offer; never expires) when `voucherCreditId` is empty, else that voucher credit.
 */
export const balanceEntries = pgTable(
  'balance_entries',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: ['SEK', 'EUR'] }).notNull(),
    note: text('note'),
    /**
     * The document a reservation, its release or a text fee is for (no foreign key: the ledger keeps its lines
     * whatever happens to the document row, and documents.ts already imports this file).
     */
    documentId: text('document_id'),
    /** The voucher credit (schema/billing.ts) this line moves; no foreign key, as billing.ts imports this file. */
    voucherCreditId: text('voucher_credit_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('balance_entries_account_pot_idx').on(table.accountId, table.voucherCreditId),
    // A voucher credit lapses once: the expiry job and a spend may both find it lapsed.
    uniqueIndex('balance_entries_one_expiry').on(table.voucherCreditId).where(sql`${table.kind} = 'voucher-expiry'`),
  ],
);
