import { hash } from '@node-rs/argon2';
import { roles } from '@signlink/contracts/auth/roles';
import type { Database } from '../src/db/database.ts';
import { accounts, memberships, users } from '../src/db/schema/accounts.ts';
import { newId } from '../src/lib/ids.ts';

/** A user with a password, member of a new company account in `role`; for tests of signed-in endpoints. */
export async function seedUser(
  db: Database,
  options: { role?: number; password?: string; email?: string; currency?: 'SEK' | 'EUR'; accountId?: string } = {},
) {
  const userId = newId('usr');
  const accountId = options.accountId ?? newId('acc');
  const email = options.email ?? `${userId}@example.com`;
  const password = options.password ?? 'correct horse battery staple';
  if (!options.accountId) {
    await db
      .insert(accounts)
      .values({ id: accountId, kind: 'company', name: `Company ${accountId}`, currency: options.currency ?? 'SEK' });
  }
  await db.insert(users).values({ id: userId, email, name: 'Test User', passwordHash: await hash(password) });
  await db.insert(memberships).values({ userId, accountId, role: options.role ?? roles.administrator });
  return { userId, accountId, email, password };
}
