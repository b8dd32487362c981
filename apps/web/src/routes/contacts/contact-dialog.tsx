import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  type Contact,
  type ContactAddressProblem,
  type ContactKind,
  contactKinds,
  contactNameMaxLength,
  normalizeContactAddress,
} from '@signlink/contracts/contacts/contacts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error.ts';
import { FormDialog } from '../../components/dialogs/form-dialog.tsx';
import { FormError } from '../../components/forms/form-error.tsx';
import { useStepCall } from '../../components/forms/step-form.tsx';

export interface ContactValues {
  Kind: ContactKind;
  Name: string;
  Email: string;
  Phone: string;
  CompanyName: string;
  OrgNumber: string;
}

const problemKeys: Record<ContactAddressProblem['code'], string> = {
  'invalid-email': 'contacts.errors.invalidEmail',
  'invalid-phone': 'contacts.errors.invalidPhone',
  'without-contact': 'contacts.errors.withoutContact',
};

/** The server's field errors, said at the field as the dialog's own checks are. */
const fieldOfFailure = (failure: unknown) =>
  failure instanceof ApiError && failure.code === 'INVALID_EMAIL'
    ? 'Email'
    : failure instanceof ApiError && failure.code === 'INVALID_PHONE'
      ? 'Phone'
      : null;

/**
 * Adds a contact, or changes `contact`: a name and an e-mail address or a mobile number, checked as the server
 * checks them (contracts/contacts) once the person first tries to save.
 */
export function ContactDialog({
  contact,
  onClose,
  onSave,
}: {
  contact?: Contact;
  onClose: () => void;
  /** Saves the values; a failure it throws is shown in the dialog, which stays open. */
  onSave: (values: ContactValues) => Promise<void>;
}) {
  const { t } = useTranslation();
  const call = useStepCall();
  const [values, setValues] = useState<ContactValues>({
    Kind: contact?.Kind ?? 'person',
    Name: contact?.Name ?? '',
    Email: contact?.Email ?? '',
    Phone: contact?.Phone ?? '',
    CompanyName: contact?.CompanyName ?? '',
    OrgNumber: contact?.OrgNumber ?? '',
  });
  const set = (changes: Partial<ContactValues>) => setValues((current) => ({ ...current, ...changes }));
  const address = normalizeContactAddress({ email: values.Email, phone: values.Phone });
  const isNameMissing = values.Name.trim() === '';
  const serverField = fieldOfFailure(call.failure);
  const errorOf = (field: 'Email' | 'Phone') => {
    if (!call.isChecked) return undefined;
    const problem = address.isValid ? undefined : address.problems.find((each) => each.field === field);
    if (problem) return t(problemKeys[problem.code]);
    if (serverField === field) return t(problemKeys[field === 'Email' ? 'invalid-email' : 'invalid-phone']);
    return undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    call.check();
    if (isNameMissing || !address.isValid) return;
    void call.run(() => onSave(values));
  };

  const emailError = errorOf('Email');
  const phoneError = errorOf('Phone');
  const title = contact ? t('contacts.dialog.editTitle') : t('contacts.dialog.addTitle');
  return (
    <FormDialog
      title={title}
      intro={t('contacts.dialog.intro')}
      submitLabel={contact ? t('contacts.dialog.save') : t('contacts.dialog.add')}
      onSubmit={submit}
      onClose={onClose}
      isProcessing={call.isProcessing}
      isFullScreenOnPhone
    >
      <TextField
        select
        label={t('contacts.dialog.kind')}
        value={values.Kind}
        onChange={(event) => set({ Kind: event.target.value as ContactKind })}
        disabled={call.isProcessing}
      >
        {contactKinds.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {t(`contacts.kinds.${kind}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('contacts.dialog.name')}
        value={values.Name}
        onChange={(event) => set({ Name: event.target.value })}
        required
        autoFocus
        disabled={call.isProcessing}
        error={call.isChecked && isNameMissing}
        helperText={call.isChecked && isNameMissing ? t('contacts.errors.nameMissing') : undefined}
        slotProps={{ htmlInput: { maxLength: contactNameMaxLength, autoComplete: 'off' } }}
      />
      <TextField
        type="email"
        label={t('contacts.dialog.email')}
        value={values.Email}
        onChange={(event) => set({ Email: event.target.value })}
        disabled={call.isProcessing}
        error={emailError !== undefined}
        helperText={emailError}
        slotProps={{ htmlInput: { maxLength: 254, autoComplete: 'off' } }}
      />
      <TextField
        type="tel"
        label={t('contacts.dialog.phone')}
        value={values.Phone}
        onChange={(event) => set({ Phone: event.target.value })}
        disabled={call.isProcessing}
        error={phoneError !== undefined}
        helperText={phoneError}
        slotProps={{ htmlInput: { maxLength: 32, autoComplete: 'off' } }}
      />
      <TextField
        label={t('contacts.dialog.companyName')}
        value={values.CompanyName}
        onChange={(event) => set({ CompanyName: event.target.value })}
        disabled={call.isProcessing}
        slotProps={{ htmlInput: { maxLength: contactNameMaxLength, autoComplete: 'off' } }}
      />
      <TextField
        label={t('contacts.dialog.orgNumber')}
        value={values.OrgNumber}
        onChange={(event) => set({ OrgNumber: event.target.value })}
        disabled={call.isProcessing}
        slotProps={{ htmlInput: { maxLength: 40, autoComplete: 'off' } }}
      />
      {serverField === null && <FormError error={call.failure} />}
    </FormDialog>
  );
}
