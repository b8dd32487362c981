import type { LinkStatusResponse } from '@signlink/contracts/links/link-access';
import type { Database } from '../../db/database.ts';
import { requireLinkAccess } from './link-access-guard.ts';
import { findLinkSigningState, type LinkSigningState } from './signing-state.ts';

/** `GET linktinker/links/{id}/status?requestToken` (SPEC section 7): the page polls it until the sealed PDF is ready. */
export async function findLinkStatus(deps: { db: Database; secret: string }, linkId: string, requestToken: string) {
  const { link, document, fieldAccessKeys } = await requireLinkAccess(deps, linkId, requestToken);
  return findLinkSigningState(deps.db, { document, linkPartyId: link.partyId, fieldAccessKeys });
}

/** The signing state as the status call and every signature answer it (SPEC section 3, signature object). */
export function presentSigningState(state: LinkSigningState): LinkStatusResponse {
  return {
    State: state.state,
    Signatures: state.slots,
    Aggregates: state.aggregates,
    SealedPdfAvailable: state.sealedPdfAvailable,
  };
}
