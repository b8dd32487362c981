import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type InvitationMethod, invitationMethods } from '@signlink/contracts/documents/document-model';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context.tsx';
import { createDocumentsApi, type DocumentParty } from '../../api/documents-api.ts';
import { FormDialog } from '../../components/dialogs/form-dialog.tsx';
import { FormError } from '../../components/forms/form-error.tsx';

/**
 * SPEC section 4: correcting a party's contact details sends the document again and revokes the old link, at most
 * three times per party (ContactUpdatesLeft). The server checks the address and the number.
 */
export function ContactDetailsDialog({
  documentId,
  party,
  onClose,
  onSaved,
}: {
  documentId: string;
  party: DocumentParty;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const api = createDocumentsApi(useApiClient());
  const [email, setEmail] = useState(party.Email ?? '');
  const [phone, setPhone] = useState(party.Phone ?? '');
  const [method, setMethod] = useState<InvitationMethod>(party.InvitationMethod);
  const [failure, setFailure] = useState<unknown>(null);
  const [isProcessing, setIsProcessing] = useState(false);
  const unchanged = email === (party.Email ?? '') && phone === (party.Phone ?? '') && method === party.InvitationMethod;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsProcessing(true);
    setFailure(null);
    try {
      await api.updateContactDetails(documentId, {
        PartyId: party.Id,
        Email: email.trim() || undefined,
        Phone: phone.trim() || undefined,
        InvitationMethod: method,
      });
      onSaved();
    } catch (error) {
      setFailure(error);
      setIsProcessing(false);
    }
  };

  return (
    <FormDialog
      title={t('overview.contact.title', { name: party.Name })}
      intro={t('overview.contact.intro', { count: party.ContactUpdatesLeft })}
      submitLabel={t('overview.contact.submit')}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      isProcessing={isProcessing}
      isSubmitDisabled={unchanged}
    >
      <TextField
        type="email"
        label={t('overview.contact.email')}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        autoComplete="off"
      />
      <TextField
        type="tel"
        label={t('overview.contact.phone')}
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        autoComplete="off"
      />
      <TextField
        select
        label={t('overview.contact.method')}
        value={method}
        onChange={(event) => setMethod(event.target.value as InvitationMethod)}
      >
        {invitationMethods.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`documents.methods.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      {failure !== null && <FormError error={failure} />}
    </FormDialog>
  );
}
