import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { InvoiceCustomer } from '@signlink/contracts/billing/invoices';
import { invoiceAddressLimits, ZRegisterInvoiceCustomer } from '@signlink/contracts/billing/invoices';
import { readInvoiceCustomerRoute } from '@signlink/contracts/billing/invoices.routes';
import { invoiceTerms } from '@signlink/contracts/billing/price-list';
import { normalizeEmailAddress } from '@signlink/contracts/validation/email-address';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context.tsx';
import { createBillingApi, invoiceCustomerQueryPath } from '../../api/billing-api.ts';
import { useSignedInUser } from '../../api/session-context.tsx';
import { useApiQuery } from '../../api/use-api-query.ts';
import { FormError } from '../../components/forms/form-error.tsx';
import { useStepCall } from '../../components/forms/step-form.tsx';
import { isAdministrator } from '../../lib/account-roles.ts';

/**
 * Invoice customer registration (SPEC section 2, Billing): where a company account's invoices go, its invoice e-mail
 * and address (`GET|PUT app/account/invoicecustomer`). Administrators change it; other members read it; a personal
 * account is told invoices are for companies.
 */
export function InvoiceCustomerSection() {
  const { t } = useTranslation();
  const auth = useSignedInUser();
  const isPersonal = auth?.user.AccountType === 'personal';
  const customer = useApiQuery(readInvoiceCustomerRoute, {}, { silent: true }, { retry: false, enabled: !isPersonal });
  return (
    <Stack spacing={3} component="section" aria-labelledby="billing-invoice-customer-heading">
      <div>
        <Typography id="billing-invoice-customer-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {t('billing.tabs.invoiceCustomer')}
        </Typography>
        <Typography color="text.secondary">
          {t('billing.invoiceCustomer.intro', {
            days: invoiceTerms.netDays,
            percent: invoiceTerms.lateInterestPercent,
          })}
        </Typography>
      </div>
      {isPersonal && (
        <Alert severity="info" role="status">
          {t('billing.invoiceCustomer.companyOnly')}
        </Alert>
      )}
      {customer.isPending && !isPersonal && (
        <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress />
        </Box>
      )}
      {customer.isError && <FormError error={customer.error} />}
      {customer.data && auth && <InvoiceCustomerForm customer={customer.data} canEdit={isAdministrator(auth)} />}
    </Stack>
  );
}

function InvoiceCustomerForm({ customer, canEdit }: { customer: InvoiceCustomer; canEdit: boolean }) {
  const { t } = useTranslation();
  const api = createBillingApi(useApiClient());
  const queryClient = useQueryClient();
  const call = useStepCall();
  const [email, setEmail] = useState(customer.InvoiceEmail ?? '');
  const [address, setAddress] = useState(customer.InvoiceAddress.join('\n'));
  const [savedTo, setSavedTo] = useState<string | null>(null);
  const emailErrorKey = !email.trim()
    ? 'billing.invoiceCustomer.emailRequired'
    : normalizeEmailAddress(email).isValid
      ? null
      : 'errors:invalidEmail';
  // Blank rows are left out, as the server would.
  const lines = address
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  // The contract's own rule: at least one line, at most so many, each of a printable length.
  const addressErrorKey = !lines.length
    ? 'billing.invoiceCustomer.addressRequired'
    : ZRegisterInvoiceCustomer.shape.InvoiceAddress.safeParse(lines).success
      ? null
      : 'billing.invoiceCustomer.addressTooLong';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    call.check();
    setSavedTo(null);
    if (emailErrorKey || addressErrorKey) return;
    void call.run(async () => {
      const saved = await api.registerInvoiceCustomer({ InvoiceEmail: email.trim(), InvoiceAddress: lines });
      queryClient.setQueryData(['api', invoiceCustomerQueryPath, {}], saved);
      setSavedTo(saved.InvoiceEmail);
    });
  };

  const showEmailError = call.isChecked && Boolean(emailErrorKey);
  const showAddressError = call.isChecked && Boolean(addressErrorKey);
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('billing.tabs.invoiceCustomer')}>
      <Typography>
        {customer.IsInvoiceCustomer
          ? t('billing.invoiceCustomer.registered')
          : t('billing.invoiceCustomer.notRegistered')}
      </Typography>
      {!canEdit && (
        <Alert severity="info" role="status">
          {t('billing.invoiceCustomer.readOnly')}
        </Alert>
      )}
      <TextField
        label={t('billing.invoiceCustomer.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        required
        error={showEmailError}
        helperText={showEmailError && emailErrorKey ? t(emailErrorKey) : t('billing.invoiceCustomer.emailHelper')}
        disabled={!canEdit || call.isProcessing}
        fullWidth
      />
      <TextField
        label={t('billing.invoiceCustomer.address')}
        value={address}
        onChange={(event) => setAddress(event.target.value)}
        required
        multiline
        minRows={3}
        error={showAddressError}
        helperText={
          showAddressError && addressErrorKey
            ? t(addressErrorKey, invoiceAddressLimits)
            : t('billing.invoiceCustomer.addressHelper')
        }
        disabled={!canEdit || call.isProcessing}
        fullWidth
      />
      <FormError error={call.failure} />
      {savedTo && (
        <Alert severity="success" role="status">
          {t('billing.invoiceCustomer.saved', { email: savedTo })}
        </Alert>
      )}
      {canEdit && (
        <Button
          type="submit"
          variant="contained"
          disabled={call.isProcessing}
          sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' } }}
        >
          {t('billing.invoiceCustomer.save')}
        </Button>
      )}
    </Stack>
  );
}
