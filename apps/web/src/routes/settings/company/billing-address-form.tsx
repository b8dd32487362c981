import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AccountAddress, UpdateAccountAddress } from '@signlink/contracts/accounts/account-settings';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountQueryPaths, createAccountsApi } from '../../../api/accounts-api.ts';
import { useApiClient } from '../../../api/api-context.tsx';
import { FormError } from '../../../components/forms/form-error.tsx';
import { useStepCall } from '../../../components/forms/step-form.tsx';

type Field = 'AddressLine1' | 'AddressLine2' | 'ZipCode' | 'City' | 'InvoiceEmail';
const fields: readonly Field[] = ['AddressLine1', 'AddressLine2', 'ZipCode', 'City', 'InvoiceEmail'];
const requiredFields: readonly Field[] = ['AddressLine1', 'ZipCode', 'City'];

/**
 * The billing address (`GET|PUT linktinker/app/account/address`). The legal name, organisation and VAT numbers and
 * the country were proven when the account was made (BankID, the registry or VIES), so they are shown, not typed.
 */
export function BillingAddressForm({ address, canEdit }: { address: AccountAddress; canEdit: boolean }) {
  const { t } = useTranslation();
  const api = createAccountsApi(useApiClient());
  const queryClient = useQueryClient();
  const call = useStepCall();
  const [isSaved, setIsSaved] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    AddressLine1: address.AddressLine1 ?? '',
    AddressLine2: address.AddressLine2 ?? '',
    ZipCode: address.ZipCode ?? '',
    City: address.City ?? '',
    InvoiceEmail: address.InvoiceEmail ?? '',
  }));
  const missing = requiredFields.filter((field) => !values[field].trim());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    call.check();
    setIsSaved(false);
    if (missing.length > 0) return;
    const body: UpdateAccountAddress = {
      AddressLine1: values.AddressLine1.trim(),
      ZipCode: values.ZipCode.trim(),
      City: values.City.trim(),
      ...(values.AddressLine2.trim() ? { AddressLine2: values.AddressLine2.trim() } : {}),
      ...(values.InvoiceEmail.trim() ? { InvoiceEmail: values.InvoiceEmail.trim() } : {}),
    };
    void call.run(async () => {
      const saved = await api.updateAddress(body);
      setIsSaved(true);
      queryClient.setQueryData(['api', accountQueryPaths.address, {}], saved ?? undefined);
    });
  };

  const facts: [string, string | null][] = [
    ['settings.company.legalName', address.LegalName],
    ['settings.company.orgNumber', address.OrgNumber],
    ['settings.company.vatNumber', address.VatNumber],
    ['settings.company.country', address.CountryCode],
  ];

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('settings.company.billingAddress')}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('settings.company.billingAddress')}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1 }}>
        {facts.map(([key, value]) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {t(key)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value || '—'}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {fields.map((field) => (
          <TextField
            key={field}
            label={t(`settings.company.fields.${field}`)}
            value={values[field]}
            onChange={(event) => setValues({ ...values, [field]: event.target.value })}
            required={requiredFields.includes(field)}
            error={call.isChecked && missing.includes(field)}
            helperText={call.isChecked && missing.includes(field) ? t('settings.company.required') : undefined}
            disabled={!canEdit || call.isProcessing}
            type={field === 'InvoiceEmail' ? 'email' : 'text'}
            fullWidth
          />
        ))}
      </Box>
      <FormError error={call.failure} />
      {isSaved && (
        <Alert severity="success" role="status">
          {t('settings.company.saved')}
        </Alert>
      )}
      {canEdit && (
        // Placed as every settings form's button: under the fields on the left, at the thumb's right on a phone.
        <Button
          type="submit"
          variant="contained"
          disabled={call.isProcessing}
          sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' } }}
        >
          {t('settings.company.save')}
        </Button>
      )}
    </Stack>
  );
}
