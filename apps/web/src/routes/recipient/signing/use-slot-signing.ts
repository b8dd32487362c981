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
export type ActiveSigning = { method: 'ink' | 'bankid'; slot: LinkSignatureSlot } | null;

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

/** Which signing a slot's type asks for (SPEC section 3): 1 BankID, 4 ink; 5 and 6 need the ID scan, not here yet. */
export function signingMethodOf(slot: Pick<LinkSignatureSlot, 'type'>): 'bankid' | 'ink' | 'unavailable' {
  if (slot.type === 1) return 'bankid';
  if (slot.type === 4) return 'ink';
  return 'unavailable';
}
