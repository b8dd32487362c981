import type { LinkStatusResponse } from '@signlink/contracts/links/link-access';
import type { DatabaseHandle } from '../../db/database.ts';
import { checkRequestToken } from './link-access-guard.ts';
import { findLinkWithDocumentParts } from './recipient-snapshot.repository.ts';
import { type LinkSigningState, signingStateOfSnapshot } from './signing-state.ts';
import { assertLinkUsable } from './usable-link.ts';

/**
 * `GET linktinker/links/{id}/status?requestToken` (SPEC section 7): the page polls it every two seconds until the sealed
 * PDF is ready, so it reads the link and the document's slots in the access call's one statement.
 */
export async function findLinkStatus(
  deps: { database: DatabaseHandle; secret: string },
  linkId: string,
  requestToken: string,
): Promise<LinkSigningState> {
  await checkRequestToken(deps.secret, linkId, requestToken);
  return signingStateOfSnapshot(assertLinkUsable(await findLinkWithDocumentParts(deps.database, linkId)));
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
