import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../dialogs/app-dialog.tsx';
import {
  acceptAllChoice,
  type CookieChoice,
  type OptionalCookieCategory,
  optionalCookieCategories,
} from './cookie-consent-store.ts';

export interface CookieSettingsDialogProps {
  /** The stored choice, or none yet (every optional category off). */
  initial: CookieChoice;
  onSave: (choice: CookieChoice) => void;
  onClose: () => void;
}

/** SPEC section 2, cookie settings: necessary (always on, locked), functional, analytical, advertising; save or accept all. */
export function CookieSettingsDialog({ initial, onSave, onClose }: CookieSettingsDialogProps) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<CookieChoice>(initial);
  const toggle = (category: OptionalCookieCategory, isOn: boolean) => setChoice({ ...choice, [category]: isOn });
  return (
    <AppDialog
      title={t('cookies.settings.title')}
      onClose={onClose}
      actions={
        <>
          <Button variant="outlined" onClick={() => onSave(choice)}>
            {t('cookies.settings.save')}
          </Button>
          <Button variant="contained" onClick={() => onSave(acceptAllChoice)}>
            {t('cookies.settings.acceptAll')}
          </Button>
        </>
      }
    >
      <Typography sx={{ mb: 2 }}>{t('cookies.settings.intro')}</Typography>
      <Stack spacing={1.5}>
        <CategorySwitch category="necessary" isOn isLocked />
        {optionalCookieCategories.map((category) => (
          <CategorySwitch
            key={category}
            category={category}
            isOn={choice[category]}
            onChange={(isOn) => toggle(category, isOn)}
          />
        ))}
      </Stack>
    </AppDialog>
  );
}

function CategorySwitch({
  category,
  isOn,
  isLocked,
  onChange,
}: {
  category: 'necessary' | OptionalCookieCategory;
  isOn: boolean;
  isLocked?: boolean;
  onChange?: (isOn: boolean) => void;
}) {
  const { t } = useTranslation();
  const helpId = useId();
  return (
    <div>
      <FormControlLabel
        control={
          <Switch
            checked={isOn}
            disabled={isLocked}
            onChange={(event) => onChange?.(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label={t(`cookies.settings.${category}.label`)}
      />
      <FormHelperText id={helpId} sx={{ mt: 0, ml: 0 }}>
        {t(`cookies.settings.${category}.help`)}
      </FormHelperText>
    </div>
  );
}
