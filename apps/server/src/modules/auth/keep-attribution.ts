import type { ZLoginAttribution } from '@signlink/contracts/auth/auth-state';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';

const attributionKeys = [
  'voucherActivationId',
  'referralLinkId',
  'referralSourceId',
  'campaignActivationId',
  'campaignCodeId',
  'Ga4ClientId',
] as const;

/** The login payload's referral, voucher and campaign ids (SPEC section 3), merged into the user's for billing. */
export async function keepAttribution(db: Database, userId: string, payload: z.infer<typeof ZLoginAttribution>) {
  const ids = Object.fromEntries(
    attributionKeys.flatMap((key) => (payload[key] ? [[key, payload[key] as string]] : [])),
  );
  if (Object.keys(ids).length === 0) return;
  await db
    .update(users)
    .set({ attribution: sql`coalesce(${users.attribution}, '{}'::jsonb) || ${JSON.stringify(ids)}::jsonb` })
    .where(eq(users.id, userId));
}
