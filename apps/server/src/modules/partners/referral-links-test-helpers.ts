import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { accounts, memberships, users } from '../../db/schema/accounts.ts';
import { referralLinks } from '../../db/schema/partners.ts';
import { newId, newPublicCode } from '../../lib/ids.ts';

/** A partner account (made by the operator, as in production) with no members yet. */
export async function insertPartnerAccount(db: Database, name = 'Partner AB') {
  const id = newId('acc');
  await db.insert(accounts).values({ id, kind: 'company', name, currency: 'SEK', isPartner: true });
  return id;
}

/** One of a partner's referral links, written directly: links are the operator's to make. */
export async function insertReferralLink(
  db: Database,
  input: {
    partnerAccountId: string;
    name?: string;
    currency?: 'SEK' | 'EUR';
    giftCardValueMinor?: number | null;
    disabled?: boolean;
  },
) {
  const id = newPublicCode();
  await db.insert(referralLinks).values({
    id,
    partnerAccountId: input.partnerAccountId,
    name: input.name ?? `Link ${id.slice(0, 4)}`,
    currency: input.currency ?? 'SEK',
    giftCardValueMinor: input.giftCardValueMinor ?? null,
    disabledAt: input.disabled ? new Date() : null,
  });
  return id;
}

export async function readReferralLink(db: Database, code: string) {
  const [row] = await db.select().from(referralLinks).where(eq(referralLinks.id, code));
  return row;
}

/** Users, accounts and memberships in the database: a refused sign-up leaves these as they were. */
export async function countPeople(db: Database) {
  return {
    users: await db.$count(users),
    accounts: await db.$count(accounts),
    memberships: await db.$count(memberships),
  };
}
