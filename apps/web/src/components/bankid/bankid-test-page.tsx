import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../layout/page-layout.tsx';
import { BankIdDialog } from './bankid-dialog.tsx';
import type { BankIdUser } from './bankid-machine.ts';

/**
 * The `/bankid` screen (issue 4's test page): opens the BankID dialog and shows the identity it returns, so the
 * whole order (start, QR, refresh, validate) can be tried against the simulator before the login screen uses it.
 */
export function BankIdTestPage() {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const [user, setUser] = useState<BankIdUser>();
  const [wasClosed, setWasClosed] = useState(false);
  const identityId = useId();

  const open = () => {
    setUser(undefined);
    setWasClosed(false);
    setIsOpen(true);
  };

  return (
    <PageLayout>
      <Box sx={{ maxWidth: 640, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 5 }, width: '100%' }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, mb: 1 }}>
          {t('routes.bankid')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('bankId.testPage.intro')}
        </Typography>
        <Button variant="contained" size="large" onClick={open}>
          {t('bankId.testPage.logIn')}
        </Button>
        {wasClosed && (
          <Alert severity="info" sx={{ mt: 3 }}>
            {t('bankId.testPage.closed')}
          </Alert>
        )}
        {user && (
          <Paper component="section" aria-labelledby={identityId} variant="outlined" sx={{ mt: 3, p: 2 }}>
            <Typography id={identityId} variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
              {t('bankId.testPage.identity')}
            </Typography>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, m: 0 }}>
              <dt>{t('bankId.testPage.name')}</dt>
              <Box component="dd" sx={{ m: 0 }}>
                {user.Name}
              </Box>
              <dt>{t('bankId.testPage.personalNumber')}</dt>
              <Box component="dd" sx={{ m: 0 }}>
                {user.PersonalNumber}
              </Box>
            </Box>
          </Paper>
        )}
      </Box>
      <BankIdDialog
        open={isOpen}
        purpose="login"
        onDone={(identity) => {
          setUser(identity);
          setIsOpen(false);
        }}
        onCancel={() => {
          setWasClosed(true);
          setIsOpen(false);
        }}
      />
    </PageLayout>
  );
}
