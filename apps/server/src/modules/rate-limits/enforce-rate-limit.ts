import type { RateLimitName } from '@signlink/contracts/constants';
import type { Config } from '../../config/config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { countHit, type Hit } from './rate-limits.repository.ts';

/** A limit as the config holds it: at most `limit` requests per fixed window of `windowSeconds`. */
export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitDeps {
  database: DatabaseHandle;
  rateLimits: Config['rateLimits'];
}

/**
 * Counts one request against the named limit for `key` (a client address, a link, `*`), and refuses it beyond the
 * limit: RATE_LIMITED with the seconds until the window ends, which the error handler also sends as Retry-After.
 */
export async function enforceRateLimit(deps: RateLimitDeps, name: RateLimitName, key: string): Promise<void> {
  const rule = deps.rateLimits[name];
  const hit = await countHit(deps.database, { bucket: name, key, windowSeconds: rule.windowSeconds });
  assertWithin(name, rule, hit);
}

/** The refusal of a request over its limit (its count is already taken). */
export function assertWithin(name: RateLimitName, rule: RateLimitRule, hit: Hit): void {
  if (hit.hits <= rule.limit) return;
  throw new AppError('RATE_LIMITED', {
    details: { reason: name, limit: rule.limit, retryAfterSeconds: hit.secondsLeft },
  });
}
