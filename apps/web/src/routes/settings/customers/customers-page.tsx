import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { listCustomerInvitationsRoute } from '@signlink/contracts/accounts/customer-invitations.routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { createAccountsApi } from '../../../api/accounts-api.ts';
import { useApiClient } from '../../../api/api-context.tsx';
import { customerInvitationsPath } from '../../../api/customer-invitations-api.ts';
import { useApiQuery } from '../../../api/use-api-query.ts';
import { AddCustomerDialog } from '../../../components/add-customer/add-customer-dialog.tsx';
import { FormError } from '../../../components/forms/form-error.tsx';
import { isAdministrator, isPartnerAdministrator } from '../../../lib/account-roles.ts';
import { SettingsLayout } from '../settings-layout.tsx';
import { useListActions } from '../use-list-actions.tsx';
import { CustomerInvitationList } from './customer-invitation-list.tsx';

/** /settings/customers (SPEC section 6: partners add customer accounts and see the invitations). */
export function CustomersPage() {
  const { t } = useTranslation();
  // The user menu's wizard comes here with the line that confirms its invitation (a new location: fresh state).
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  return (
    <SettingsLayout section="customers" title={t('settings.title')}>
      {(auth) =>
        isPartnerAdministrator(auth) ? (
          <CustomersSettings key={location.key} notice={notice} />
        ) : (
          <Alert severity="info" role="status">
            {t(isAdministrator(auth) ? 'settings.customers.notPartner' : 'settings.customers.noAccess')}
          </Alert>
        )
      }
    </SettingsLayout>
  );
}

function CustomersSettings({ notice }: { notice: string | undefined }) {
  const { t } = useTranslation();
  const api = createAccountsApi(useApiClient());
  const [isAddOpen, setIsAddOpen] = useState(false);
  const invitations = useApiQuery(listCustomerInvitationsRoute, {}, { silent: true }, { retry: false });
  const { act, feedback } = useListActions(customerInvitationsPath, notice);

  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {/* Heading and intro as the referral-links section sets them, so the partner's two tabs read alike. */}
        <Box sx={{ flex: '1 1 320px' }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
            {t('settings.customers.heading')}
          </Typography>
          <Typography color="text.secondary">{t('settings.customers.intro')}</Typography>
        </Box>
        <Button variant="contained" onClick={() => setIsAddOpen(true)}>
          {t('customers.add.open')}
        </Button>
      </Stack>
      {feedback}
      {invitations.isPending && (
        <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress />
        </Box>
      )}
      {invitations.isError && <FormError error={invitations.error} />}
      {invitations.data && <CustomerInvitationList invitations={invitations.data.Invitations} api={api} act={act} />}
      {isAddOpen && (
        <AddCustomerDialog
          onClose={() => setIsAddOpen(false)}
          onInvited={(email) => {
            setIsAddOpen(false);
            void act(async () => undefined, t('customers.add.sent', { email }));
          }}
        />
      )}
    </Stack>
  );
}
