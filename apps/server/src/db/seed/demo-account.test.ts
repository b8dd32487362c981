import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { accounts, memberships, users } from '../schema/accounts.ts';
import { referralLinks } from '../schema/partners.ts';
import { demoLogin, ensureDemoAccount } from './demo-account.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('ensureDemoAccount', () => {
  it('creates an administrator on a company account with the welcome offer, password hashed', async () => {
    const result = await ensureDemoAccount(database.db);
    expect(result).toEqual({ created: true, ...demoLogin });
    const [user] = await database.db.select().from(users).where(eq(users.email, demoLogin.email));
    if (!user?.passwordHash) throw new Error('demo user missing');
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verify(user.passwordHash, demoLogin.password)).toBe(true);
    const [membership] = await database.db.select().from(memberships).where(eq(memberships.userId, user.id));
    if (!membership) throw new Error('membership missing');
    expect(membership.role).toBe(2);
    const [account] = await database.db.select().from(accounts).where(eq(accounts.id, membership.accountId));
    expect(account).toMatchObject({ kind: 'company', currency: 'SEK', balanceMinor: 12_500, isPartner: true });
    const links = await database.db
      .select()
      .from(referralLinks)
      .where(eq(referralLinks.partnerAccountId, account?.id ?? ''));
    expect(links).toHaveLength(1);
    expect(links[0]?.id).toMatch(/^[A-HJ-NP-Z2-9]{20}$/);
  });

  it('does nothing on a database that has users', async () => {
    const again = await ensureDemoAccount(database.db);
    expect(again.created).toBe(false);
    const all = await database.db.select().from(users);
    expect(all).toHaveLength(1);
  });
});
