import type { LinkSignatureSlot } from '@signlink/contracts/links/link-access';
import { useCallback, useState } from 'react';
import { type DocumentField, type FormValues, missingRequiredFields, slotFormValues } from '../viewer/next-field.ts';
import type { SignatureSubmission } from './ink-data.ts';
import type { LinkStatus, RecipientApi } from './recipient-api.ts';
import { timeZoneOffsetMinutes } from './time-zone.ts';
import { type ActiveSigning, signingMethodOf } from './use-slot-signing.ts';

interface SigningFlowInput {
  api: RecipientApi;
  fields: readonly DocumentField[];
  slots: LinkSignatureSlot[];
  values: FormValues;
  /** Each answer's slots, aggregates and state replace the page's. */
  applyStatus: (status: LinkStatus) => void;
  onError: (error: unknown) => void;
  /** A required field of the slot is empty: signing waits for it. */
  onMissingField: (field: DocumentField) => void;
  /** This person has signed every slot of theirs. */
  onAllOwnSigned: () => void;
}

/** Signing a slot: the checks before its dialog opens, the dialog it opens, and what the page does once signed. */
export function useSigningFlow(input: SigningFlowInput) {
  const { api, fields, slots, values, applyStatus, onError, onMissingField, onAllOwnSigned } = input;
  const [active, setActive] = useState<ActiveSigning>(null);

  const onSign = useCallback(
    (signatureIndex: number) => {
      const slot = slots.find((candidate) => candidate.index === signatureIndex);
      if (!slot?.access || slot.signed) return;
      const [missing] = missingRequiredFields(fields, signatureIndex, values);
      if (missing) {
        onMissingField(missing);
        return;
      }
      setActive({ method: signingMethodOf(slot), slot });
    },
    [slots, fields, values, onMissingField],
  );

  const afterSigned = (status: LinkStatus) => {
    applyStatus(status);
    setActive(null);
    if (status.Aggregates.userAllSigned) onAllOwnSigned();
  };
  const signInk = async (signature: SignatureSubmission, clarifiedName: string | undefined) => {
    if (active?.method !== 'ink') return;
    try {
      const status = await api.signInk({
        ...signature,
        SignatureIndex: active.slot.index,
        AllowServerSubmit: true,
        TimeZoneOffsetMinutes: timeZoneOffsetMinutes(),
        ClarifiedName: clarifiedName,
        FormValues: slotFormValues(fields, active.slot.index, values),
      });
      afterSigned(status);
    } catch (error) {
      onError(error);
      throw error;
    }
  };
  const afterBankId = () => {
    api.status().then(afterSigned, (error: unknown) => {
      setActive(null);
      onError(error);
    });
  };
  const failBankId = (error: unknown) => {
    setActive(null);
    onError(error);
  };
  const cancel = () => setActive(null);
  // An ID-scan signature answers the link's status itself; a failure leaves the dialog open for another try.
  return { active, onSign, signInk, afterBankId, failBankId, afterIdScan: afterSigned, cancel };
}
