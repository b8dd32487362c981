import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccountAddress } from '@signlink/contracts/accounts/account-settings';
import { formatOrgNumber, parseOrgNumber } from '@signlink/contracts/validation/org-number';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountQueryPaths, createAccountsApi } from '../../../api/accounts-api.ts';
import { useApiClient } from '../../../api/api-context.tsx';
import { OrgNumberField } from '../../../components/add-company/org-number-field.tsx';
import { BankIdDialog, type OrgNumberProof } from '../../../components/bankid/bankid-dialog.tsx';
import { FormError } from '../../../components/forms/form-error.tsx';
import { useStepCall } from '../../../components/forms/step-form.tsx';

/**
 * A Swedish company account made before its organisation number was proven (the demo company, say): an administrator
 * proves it as the add-company wizard does (SPEC section 5), by an organisation-number BankID order of a signatory,
 * board member or beneficial owner, and `POST linktinker/app/account/validate/orgnumber` takes the order's key. The
 * registry's legal name and address then become the billing address, which the page shows from the answer.
 */
export function VerifyOrgNumberForm({ address }: { address: AccountAddress }) {
  const { t } = useTranslation();
  const api = createAccountsApi(useApiClient());
  const queryClient = useQueryClient();
  const call = useStepCall();
  const [orgNumber, setOrgNumber] = useState('');
  const [isBankIdOpen, setIsBankIdOpen] = useState(false);
  const [proven, setProven] = useState<AccountAddress | null>(null);
  const digits = parseOrgNumber(orgNumber);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    call.check();
    if (digits && !call.isProcessing) setIsBankIdOpen(true);
  };
  const prove = (proof: OrgNumberProof) => {
    setIsBankIdOpen(false);
    if (!digits) return;
    void call.run(async () => {
      const next = await api.proveOrgNumber({ OrgNumber: digits, ClientAccessKey: proof.clientAccessKey });
      setProven(next);
      queryClient.setQueryData(['api', accountQueryPaths.address, {}], next);
    });
  };

  // Mounted only while open, as the wizard's leaves with its step: kept mounted closed, its layer stayed behind.
  const bankIdDialog = digits && isBankIdOpen && (
    <BankIdDialog
      open
      purpose="org-validation"
      orgNumber={digits}
      onDone={prove}
      onCancel={() => setIsBankIdOpen(false)}
    />
  );
  if (proven?.OrgNumber) {
    return (
      <>
        {bankIdDialog}
        <Alert severity="success" role="status">
          {t('settings.company.verifyOrgNumber.done', {
            orgNumber: formatOrgNumber(proven.OrgNumber.replace(/\D/g, '')),
            name: proven.LegalName ?? '',
          })}
        </Alert>
      </>
    );
  }
  if (address.OrgNumber) return bankIdDialog || null;

  return (
    <>
      {bankIdDialog}
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        spacing={2}
        aria-label={t('settings.company.verifyOrgNumber.heading')}
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 2, sm: 3 } }}
      >
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('settings.company.verifyOrgNumber.heading')}
        </Typography>
        <Typography color="text.secondary">{t('settings.company.verifyOrgNumber.intro')}</Typography>
        <OrgNumberField
          value={orgNumber}
          onChange={setOrgNumber}
          isInvalid={call.isChecked && !digits}
          disabled={call.isProcessing}
          sx={{ maxWidth: { sm: 420 } }}
        />
        <FormError error={call.failure} />
        <Button
          type="submit"
          variant="contained"
          disabled={call.isProcessing || isBankIdOpen}
          sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
        >
          {t('addCompany.company.verify')}
        </Button>
      </Stack>
    </>
  );
}
