import type { ZLoginAttribution } from '@signlink/contracts/auth/auth-state';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { mergeUserAttribution } from './credentials.repository.ts';

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
  await mergeUserAttribution(db, userId, ids);
}
