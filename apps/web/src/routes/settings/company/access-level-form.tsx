import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DefaultAccessLevel } from '@signlink/contracts/accounts/account-settings';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAccountsApi } from '../../../api/accounts-api.ts';
import { useApiClient } from '../../../api/api-context.tsx';
import { FormError } from '../../../components/forms/form-error.tsx';
import { useStepCall } from '../../../components/forms/step-form.tsx';

type Level = DefaultAccessLevel['DefaultAccessLevel'];

/**
 * What new documents of the account get (SPEC section 6: private or shared, changeable per document), saved as soon
 * as it is chosen (`PUT linktinker/account/defaultaccesslevel`).
 */
export function AccessLevelForm({ initial, canEdit }: { initial: Level; canEdit: boolean }) {
  const { t } = useTranslation();
  const api = createAccountsApi(useApiClient());
  const headingId = useId();
  const call = useStepCall();
  const [level, setLevel] = useState(initial);
  const [isSaved, setIsSaved] = useState(false);

  const choose = (next: Level) => {
    const previous = level;
    setLevel(next);
    setIsSaved(false);
    void call.run(async () => {
      try {
        await api.setDefaultAccessLevel(next);
        setIsSaved(true);
      } catch (error) {
        setLevel(previous);
        throw error;
      }
    });
  };

  return (
    <Stack spacing={1.5}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('settings.company.accessLevel.heading')}
      </Typography>
      <Typography color="text.secondary">{t('settings.company.accessLevel.intro')}</Typography>
      <RadioGroup aria-labelledby={headingId} value={level} onChange={(event) => choose(event.target.value as Level)}>
        {(['private', 'shared'] as const).map((value) => (
          <FormControlLabel
            key={value}
            value={value}
            control={<Radio />}
            label={t(`settings.company.accessLevel.${value}`)}
            disabled={!canEdit || call.isProcessing}
          />
        ))}
      </RadioGroup>
      <FormError error={call.failure} />
      {isSaved && (
        <Alert severity="success" role="status">
          {t('settings.company.accessLevel.saved')}
        </Alert>
      )}
    </Stack>
  );
}
