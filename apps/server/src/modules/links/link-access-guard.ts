import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { type LinkAccessClaims, verifyLinkAccessToken } from './link-access-token.ts';
import { findPartyAccessKey } from './links.repository.ts';
import { usableLink } from './usable-link.ts';

export type LinkAccess = Awaited<ReturnType<typeof usableLink>> & {
  claims: LinkAccessClaims;
  /** The recipient's fieldAccessKeys (SPEC section 6): the invited party's key; none for a link without a party. */
  fieldAccessKeys: string[];
};

/**
 * Every recipient call after the gate goes through here: the RequestToken must be one `links/{id}/access` issued for
 * this very link, and the link must still be usable (a withdrawn document or a replaced link stops a live token).
 * An expired token is SESSION_EXPIRED, so the page passes the gate again; any other is ACCESS_FAILED.
 */
export async function requireLinkAccess(
  deps: { db: Database | Transaction; secret: string },
  linkId: string,
  requestToken: string | undefined,
): Promise<LinkAccess> {
  const claims = await checkRequestToken(deps.secret, linkId, requestToken);
  const found = await usableLink(deps.db, linkId);
  const fieldAccessKeys = await fieldAccessKeysOf(deps.db, found.link.partyId);
  return { ...found, claims, fieldAccessKeys };
}

/** The token half of requireLinkAccess, for a caller that reads the link its own way (the status poll). */
export async function checkRequestToken(
  secret: string,
  linkId: string,
  requestToken: string | undefined,
): Promise<LinkAccessClaims> {
  if (!requestToken) throw new AppError('ACCESS_FAILED', { details: { reason: 'no-request-token' } });
  const check = await verifyLinkAccessToken(secret, requestToken, linkId);
  if (check.ok) return check.claims;
  throw check.reason === 'expired'
    ? new AppError('SESSION_EXPIRED')
    : new AppError('ACCESS_FAILED', { details: { reason: 'bad-request-token' } });
}

/** The link party's key; none for a link without a party. */
export async function fieldAccessKeysOf(db: Database | Transaction, partyId: string | null): Promise<string[]> {
  if (!partyId) return [];
  const accessKey = await findPartyAccessKey(db, partyId);
  return accessKey === undefined ? [] : [accessKey];
}
