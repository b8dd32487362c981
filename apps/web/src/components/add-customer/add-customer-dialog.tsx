import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import type { CustomerInvitationKind } from '@signlink/contracts/accounts/customer-invitations';
import { parseOrgNumber } from '@signlink/contracts/validation/org-number';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context.tsx';
import { ApiError } from '../../api/api-error.ts';
import { createCustomerInvitationsApi } from '../../api/customer-invitations-api.ts';
import { checkEmailAddress } from '../../lib/input-rules.ts';
import { OrgNumberField } from '../add-company/org-number-field.tsx';
import { FormDialog } from '../dialogs/form-dialog.tsx';
import { EmailAddressField } from '../forms/auth-fields.tsx';
import { FormError } from '../forms/form-error.tsx';
import { useStepCall } from '../forms/step-form.tsx';
import { SetUpCustomerDialog } from './set-up-customer-dialog.tsx';

type Country = 'SE' | 'other';

/**
 * The add-customer-account wizard of a partner (SPEC sections 2 and 6): a company (organisation number, name, e-mail)
 * or a person (name, e-mail) is invited by e-mail and opens the account themselves. SPEC section 5: international
 * accounts cannot be invited as company accounts, which is said as soon as another country is chosen.
 */
export function AddCustomerDialog({ onClose, onInvited }: { onClose: () => void; onInvited: (email: string) => void }) {
  const { t } = useTranslation();
  const api = createCustomerInvitationsApi(useApiClient());
  const fieldsId = useId();
  const call = useStepCall();
  const [kind, setKind] = useState<CustomerInvitationKind>('company');
  const [country, setCountry] = useState<Country>('SE');
  const [orgNumber, setOrgNumber] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const emailCheck = checkEmailAddress(email);
  const digits = parseOrgNumber(orgNumber);
  const isInternational = kind === 'company' && country === 'other';
  // SPEC section 2's wizard has two paths: invite the customer, or set the account up for them directly.
  const [isSettingUp, setIsSettingUp] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isInternational) return;
    call.check();
    const address = emailCheck.address;
    if (!address || (kind === 'company' && !digits)) return;
    const named = name.trim() ? { Name: name.trim() } : {};
    void call.run(async () => {
      if (kind === 'company' && digits) {
        await api.inviteCompany({ EmailAddress: address, OrgNumber: digits, CountryCode: 'SE', ...named });
      } else {
        await api.invitePersonal({ EmailAddress: address, ...named });
      }
      onInvited(address);
    });
  };

  const isTooSoon = call.failure instanceof ApiError && call.failure.code === 'RATE_LIMITED';
  if (isSettingUp) return <SetUpCustomerDialog onClose={onClose} />;
  return (
    <FormDialog
      title={t('customers.add.title')}
      intro={t('customers.add.intro')}
      submitLabel={t('customers.add.send')}
      onSubmit={submit}
      onClose={onClose}
      isProcessing={call.isProcessing}
      isSubmitDisabled={isInternational}
      isFullScreenOnPhone
    >
      <FormControl disabled={call.isProcessing}>
        <FormLabel id={`${fieldsId}-kind`}>{t('customers.add.kind')}</FormLabel>
        <RadioGroup
          aria-labelledby={`${fieldsId}-kind`}
          value={kind}
          onChange={(event) => setKind(event.target.value as CustomerInvitationKind)}
        >
          <FormControlLabel value="company" control={<Radio />} label={t('customers.kinds.company')} />
          <FormControlLabel value="personal" control={<Radio />} label={t('customers.kinds.personal')} />
        </RadioGroup>
      </FormControl>
      {kind === 'company' && (
        <FormControl disabled={call.isProcessing}>
          <FormLabel id={`${fieldsId}-country`}>{t('customers.add.country')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={`${fieldsId}-country`}
            value={country}
            onChange={(event) => setCountry(event.target.value as Country)}
          >
            <FormControlLabel value="SE" control={<Radio />} label={t('customers.add.sweden')} />
            <FormControlLabel value="other" control={<Radio />} label={t('customers.add.otherCountry')} />
          </RadioGroup>
        </FormControl>
      )}
      {isInternational ? (
        <Alert
          severity="info"
          role="status"
          action={
            <Button color="inherit" size="small" onClick={() => setKind('personal')}>
              {t('customers.add.invitePersonalInstead')}
            </Button>
          }
          sx={{ flexWrap: 'wrap', '& .MuiAlert-action': { ml: 'auto' } }}
        >
          {t('errors:internationalCompanyInvite')}
        </Alert>
      ) : (
        <>
          {kind === 'company' && (
            <Button variant="outlined" onClick={() => setIsSettingUp(true)} disabled={call.isProcessing}>
              {t('customers.add.setUpInstead')}
            </Button>
          )}
          {kind === 'company' && (
            <OrgNumberField
              value={orgNumber}
              onChange={setOrgNumber}
              isInvalid={call.isChecked && !digits}
              disabled={call.isProcessing}
            />
          )}
          <TextField
            label={t(kind === 'company' ? 'customers.add.companyName' : 'customers.add.personName')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            helperText={t('customers.add.nameHelper')}
            slotProps={{ htmlInput: { maxLength: 200, autoComplete: 'off' } }}
            disabled={call.isProcessing}
            fullWidth
          />
          <EmailAddressField
            value={email}
            onChange={setEmail}
            errorKey={call.isChecked ? emailCheck.errorKey : null}
            disabled={call.isProcessing}
            autoComplete="off"
          />
        </>
      )}
      {isTooSoon ? <FormError>{t('customers.add.tooSoon')}</FormError> : <FormError error={call.failure} />}
    </FormDialog>
  );
}
