import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { AuthState } from '@signlink/contracts/auth/auth-state';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import { matchLocale } from '@signlink/contracts/locales';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../api/session-context.tsx';
import { AppDialog } from '../dialogs/app-dialog.tsx';
import { CompanyCountryStep } from './company-country-step.tsx';
import { ForeignCompanyForm } from './foreign-company-form.tsx';
import { SwedishCompanySteps } from './swedish-company-steps.tsx';

/** The wizard's branches: the country is chosen first, and decides how the company is proven (SPEC section 5). */
type Branch = { name: 'country' } | { name: 'sweden' } | { name: 'foreign'; countryCode: string };

interface Added {
  companyName: string;
  /** SEK minor units; 0 when the company's first account had the offer. */
  welcomeOfferMinor: number;
}

/**
 * The add-company wizard (SPEC section 2, wizards). A Swedish company is found in the company register and proven by an
 * organisation-number BankID order; a company of another EU country by its VAT number in VIES. The new company is the
 * one the user acts for afterwards, and a Swedish one starts with the welcome offer (SPEC section 9).
 */
export function AddCompanyDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const [branch, setBranch] = useState<Branch>({ name: 'country' });
  const [countryCode, setCountryCode] = useState('SE');
  const [added, setAdded] = useState<Added | null>(null);

  const onCreated = (auth: AuthState) => {
    session.enterAccount(auth);
    // A new account's balance is the welcome offer, or nothing when the company had it already (once per company).
    setAdded({ companyName: auth.user.AccountName, welcomeOfferMinor: auth.balances.TotalBalance });
  };
  const backToCountry = () => setBranch({ name: 'country' });

  let content: ReactNode;
  if (added) {
    const amount = formatMoney(added.welcomeOfferMinor, 'SEK', matchLocale(i18n.language));
    content = (
      <Stack spacing={2}>
        <Alert severity="success" role="status">
          {t('addCompany.done.switched', { company: added.companyName })}
          {added.welcomeOfferMinor > 0 && ` ${t('addCompany.done.welcomeOffer', { amount })}`}
        </Alert>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button variant="contained" size="large" onClick={onClose} autoFocus>
            {t('addCompany.done.close')}
          </Button>
        </Stack>
      </Stack>
    );
  } else if (branch.name === 'country') {
    content = (
      <CompanyCountryStep
        countryCode={countryCode}
        onChange={setCountryCode}
        onContinue={() => setBranch(countryCode === 'SE' ? { name: 'sweden' } : { name: 'foreign', countryCode })}
      />
    );
  } else if (branch.name === 'sweden') {
    content = <SwedishCompanySteps onBack={backToCountry} onCreated={onCreated} onSwitched={onClose} />;
  } else {
    content = <ForeignCompanyForm countryCode={branch.countryCode} onBack={backToCountry} onCreated={onCreated} />;
  }

  return (
    <AppDialog title={t('addCompany.title')} onClose={onClose} isFullScreenOnPhone>
      <Stack sx={{ pt: 1 }}>{content}</Stack>
    </AppDialog>
  );
}
