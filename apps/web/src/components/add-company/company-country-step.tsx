import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { foreignCompanyCountryCodes, nonEuListedCountryCodes } from '@signlink/contracts/accounts/company-countries';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { StepForm } from '../forms/step-form.tsx';

/** Country names in the user's language from the browser's own data, so no list of names is kept per language. */
export function useCountryNames() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    const list = new Intl.ListFormat([i18n.language], { type: 'conjunction' });
    return {
      nameOf: (code: string) => names.of(code) ?? code,
      listOf: (codes: readonly string[]) => list.format(codes.map((code) => names.of(code) ?? code)),
      collator: new Intl.Collator(i18n.language),
    };
  }, [i18n.language]);
}

/**
 * Sweden first, then the other EU countries by name. The rest of SPEC section 9's listed countries are named as not
 * offered: the server proves a foreign company by VIES, which knows only EU member states.
 */
export function CompanyCountryStep({
  countryCode,
  onChange,
  onContinue,
}: {
  countryCode: string;
  onChange: (code: string) => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation();
  const { nameOf, listOf, collator } = useCountryNames();
  const others = useMemo(
    () => [...foreignCompanyCountryCodes].sort((a, b) => collator.compare(nameOf(a), nameOf(b))),
    [collator, nameOf],
  );
  return (
    <StepForm
      title={t('addCompany.country.heading')}
      failure={null}
      isProcessing={false}
      submitLabel={t('addCompany.continue')}
      onSubmit={onContinue}
    >
      <TextField
        select
        label={t('addCompany.country.label')}
        value={countryCode}
        onChange={(event) => onChange(event.target.value)}
        fullWidth
      >
        <MenuItem value="SE">{nameOf('SE')}</MenuItem>
        <Divider />
        {others.map((code) => (
          <MenuItem key={code} value={code}>
            {nameOf(code)}
          </MenuItem>
        ))}
      </TextField>
      <Typography color="text.secondary">
        {t(countryCode === 'SE' ? 'addCompany.country.swedenHint' : 'addCompany.country.foreignHint')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('addCompany.country.notOffered', { countries: listOf(nonEuListedCountryCodes) })}
      </Typography>
    </StepForm>
  );
}
