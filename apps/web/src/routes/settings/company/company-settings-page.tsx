import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { readAccountAddressRoute } from '@signlink/contracts/accounts/account-settings.routes';
import type { AuthState } from '@signlink/contracts/auth/auth-state';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../api/use-api-query.ts';
import { FormError } from '../../../components/forms/form-error.tsx';
import { isAdministrator } from '../../../lib/account-roles.ts';
import { SettingsLayout } from '../settings-layout.tsx';
import { AccessLevelForm } from './access-level-form.tsx';
import { BillingAddressForm } from './billing-address-form.tsx';
import { VerifyOrgNumberForm } from './verify-org-number-form.tsx';

/** /settings/company (SPEC section 2: company settings, billing address); SPEC section 6: only admins edit. */
export function CompanySettingsPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout section="company" title={t('settings.title')}>
      {(auth) => <CompanySettings auth={auth} />}
    </SettingsLayout>
  );
}

function CompanySettings({ auth }: { auth: AuthState }) {
  const { t } = useTranslation();
  const canEdit = isAdministrator(auth);
  const address = useApiQuery(readAccountAddressRoute, {}, { silent: true }, { retry: false });
  return (
    <Stack spacing={4}>
      {!canEdit && (
        <Alert severity="info" role="status">
          {t('settings.company.readOnly')}
        </Alert>
      )}
      {address.isPending && (
        <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress />
        </Box>
      )}
      {address.isError && <FormError error={address.error} />}
      {/* Sections divided as on the personal tab, so the settings pages read alike. */}
      <Stack spacing={4} divider={<Divider flexItem />}>
        {address.data && canEdit && auth.user.AccountType === 'company' && address.data.CountryCode === 'SE' && (
          // Each form's key names the form too: siblings sharing a key (the account id) are matched at random, which
          // remounted this one mid-proof and lost its answer.
          <VerifyOrgNumberForm key={`verify:${auth.user.AccountId}`} address={address.data} />
        )}
        {/* Keyed by the account and its number: a switch, or a proven number's registry address, starts it again. */}
        {address.data && (
          <BillingAddressForm
            key={`address:${auth.user.AccountId}:${address.data.OrgNumber ?? ''}`}
            address={address.data}
            canEdit={canEdit}
          />
        )}
        <AccessLevelForm
          key={`access:${auth.user.AccountId}`}
          initial={auth.user.DefaultAccessLevel}
          canEdit={canEdit}
        />
      </Stack>
    </Stack>
  );
}
