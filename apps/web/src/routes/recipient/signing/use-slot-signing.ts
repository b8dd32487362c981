import type { LinkAccessResponse, LinkSignatureSlot } from '@signlink/contracts/links/link-access';
import { useCallback, useState } from 'react';
import type { LinkStatus } from './recipient-api.ts';

/** The signing part of the page's state: slots, aggregates and the document's state, replaced by each answer. */
export interface SigningState {
  Signatures: LinkSignatureSlot[];
  Aggregates: LinkAccessResponse['Aggregates'];
  State: LinkAccessResponse['State'];
  SealedPdfAvailable: boolean;
}

/** Which dialog is open for which slot. */
export type ActiveSigning = { method: SigningMethod; slot: LinkSignatureSlot } | null;
export type SigningMethod = 'ink' | 'bankid' | 'idscan';

export function useSigningState(access: LinkAccessResponse) {
  const [signing, setSigning] = useState<SigningState>(() => ({
    Signatures: access.Signatures,
    Aggregates: access.Aggregates,
    State: access.State,
    // A link opened after completion offers the sealed PDF at once, in any browser (no status poll runs then).
    SealedPdfAvailable: access.SealedPdfAvailable,
  }));
  const applyStatus = useCallback((status: LinkStatus) => {
    setSigning({
      Signatures: status.Signatures,
      Aggregates: status.Aggregates,
      State: status.State,
      SealedPdfAvailable: status.SealedPdfAvailable,
    });
  }, []);
  return { signing, applyStatus };
}

/**
 * Which signing a slot's type asks for (SPEC section 3): 1 BankID, 4 ink, 5 an ID scan then ink, 6 an ID scan with a
 * live check.
 */
export function signingMethodOf(slot: Pick<LinkSignatureSlot, 'type'>): SigningMethod {
  switch (slot.type) {
    case 1:
      return 'bankid';
    case 4:
      return 'ink';
    case 5:
    case 6:
      return 'idscan';
  }
}
