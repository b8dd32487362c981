import { hash } from '@node-rs/argon2';
import { money } from '@signlink/contracts/constants';
import { eq, sql } from 'drizzle-orm';
import { newId, newPublicCode } from '../../lib/ids.ts';
import type { Database } from '../database.ts';
import { accounts, memberships, users } from '../schema/accounts.ts';
import { accountAddOns } from '../schema/add-ons.ts';
import { referralLinks } from '../schema/partners.ts';
import { seedDemoBilling } from './demo-billing.ts';

export const demoLogin = { email: 'demo@signlink.test', password: 'signlink-demo' } as const;

/** SPEC section 6, role code of an administrator. */
const administratorRole = 2;

/**
 * Outside production an empty database gets one company account with an administrator, so a person
 * trying Signlink can log in at once (issue 2, part 11). It gets the company welcome offer (SPEC section 9), and
 * is a partner with one referral link (SPEC section 6), with the SMS invitation add-on; a demo gift card and
 * campaign are there to redeem.
 */
export async function ensureDemoAccount(db: Database): Promise<{ created: boolean; email: string; password: string }> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) {
    const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoLogin.email));
    return { created: false, ...demoLogin, ...(demo ? {} : { email: '', password: '' }) };
  }
  const passwordHash = await hash(demoLogin.password);
  await db.transaction(async (tx) => {
    const accountId = newId('acc');
    const userId = newId('usr');
    await tx.insert(accounts).values({
      id: accountId,
      kind: 'company',
      name: 'Demo Company AB',
      currency: 'SEK',
      // A partner, so the customer-account wizard and referral links can be tried at once.
      isPartner: true,
    });
    await tx.insert(users).values({ id: userId, email: demoLogin.email, name: 'Demo Admin', passwordHash });
    await tx.insert(memberships).values({ userId, accountId, role: administratorRole });
    await tx
      .insert(referralLinks)
      .values({ id: newPublicCode(), partnerAccountId: accountId, name: 'Demo referral link', currency: 'SEK' });
    // SMS invitations can be tried at once (SPEC section 5 needs the add-on; billing, which sells it, comes later).
    await tx.insert(accountAddOns).values({ accountId, addOnId: 'sms-invitation' });
    await seedDemoBilling(tx, { accountId, welcomeOfferMinor: money.welcomeOfferSek });
  });
  return { created: true, ...demoLogin };
}
