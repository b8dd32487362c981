import type { SlotFormValues } from '@signlink/contracts/links/sign-ink';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../api/api-context.tsx';
import { BankIdDialog } from '../../../components/bankid/bankid-dialog.tsx';
import type { BankIdApi } from '../../../components/bankid/bankid-machine.ts';
import { createLinkSigningBankIdApi } from './recipient-api.ts';
import { timeZoneOffsetMinutes } from './time-zone.ts';

export interface BankIdSignDialogProps {
  linkId: string;
  requestToken: string;
  signatureIndex: number;
  slotLabel: string;
  /** The slot's text, date and checkbox values, kept with the signature. */
  formValues: SlotFormValues;
  /** The order completed and the server kept the signature for the slot. */
  onSigned: () => void;
  onCancel: () => void;
  /** The validate call failed with a catalogue error the page handles (SESSION_EXPIRED, DOCUMENT_WITHDRAWN…). */
  onError: (error: unknown) => void;
}

/**
 * A slot signed with BankID: the app's BankID dialog (SPEC section 4: persistent, maximised on a phone, cancel after
 * a delay) with an order the link's endpoints start and validate for the slot.
 */
export function BankIdSignDialog(props: BankIdSignDialogProps) {
  const { linkId, requestToken, signatureIndex, slotLabel, formValues, onSigned, onCancel, onError } = props;
  const { t } = useTranslation();
  const client = useApiClient();
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  // The values as they were when the dialog opened: it covers the page, so they cannot change meanwhile.
  const [openedWith] = useState(formValues);
  const api = useMemo<BankIdApi>(() => {
    const link = createLinkSigningBankIdApi(client, linkId, requestToken, {
      signatureIndex,
      timeZoneOffsetMinutes: timeZoneOffsetMinutes(),
      formValues: openedWith,
    });
    return {
      ...link,
      // The machine says "action cancelled" for any failed validation; the page also learns which one it was.
      validate: (key) =>
        link.validate(key).catch((error: unknown) => {
          onErrorRef.current(error);
          throw error;
        }),
    };
  }, [client, linkId, requestToken, signatureIndex, openedWith]);
  return (
    <BankIdDialog
      open
      // Names the order to the machine only: the link's start call does not send a purpose.
      purpose="link-access"
      api={api}
      title={t('recipientDocument.bankId.title', { label: slotLabel })}
      doneMessage={t('recipientDocument.bankId.signed')}
      onDone={() => onSigned()}
      onCancel={onCancel}
    />
  );
}
