import { createHmac } from 'node:crypto';
import type { Transaction } from '../../db/database.ts';
import type { RateLimitDeps } from './enforce-rate-limit.ts';
import { assertWithin } from './enforce-rate-limit.ts';
import { countHitIn, markSeen } from './rate-limits.repository.ts';

/**
 * Counts a destination other than the party's own contact that a link's code is about to go to, and refuses one
 * beyond the `linkNewDestinations` limit of the day. A destination already counted today is free again (a resend to
 * the same number). It writes in the caller's transaction, with the code it counts: a refusal of either rolls both
 * back, so it leaves neither mark nor count.
 */
export async function countLinkDestination(
  tx: Transaction,
  deps: Pick<RateLimitDeps, 'rateLimits'> & { secret: string },
  input: { linkId: string; destination: string },
): Promise<void> {
  const rule = deps.rateLimits.linkNewDestinations;
  // Keyed, so the table holds no phone number or address that a dictionary of them would reveal.
  const destinationKey = createHmac('sha256', deps.secret)
    .update(`link-destination:${input.destination}`)
    .digest('hex');
  const window = { windowSeconds: rule.windowSeconds };
  const isNew = await markSeen(tx, { ...window, bucket: 'linkDestination', key: `${input.linkId}:${destinationKey}` });
  if (!isNew) return;
  const hit = await countHitIn(tx, { ...window, bucket: 'linkNewDestinations', key: input.linkId });
  assertWithin('linkNewDestinations', rule, hit);
}
