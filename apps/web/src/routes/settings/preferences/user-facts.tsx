import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UserPreferences } from '@signlink/contracts/auth/user-preferences';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What was proven when the user signed up or added a way in (codes, BankID), so it is shown, not typed: e-mail,
 * phone (E.164), personal number (YYYYMMDD-XXXX), and which ways in they have.
 */
export function UserFacts({ preferences }: { preferences: UserPreferences }) {
  const { t } = useTranslation();
  const waysInId = useId();
  const facts: [string, string | null][] = [
    ['settings.preferences.email', preferences.Email],
    ['settings.preferences.phone', preferences.PhoneNumber],
    ['settings.preferences.personalNumber', preferences.PersonalNumber],
  ];
  const waysIn: [string, boolean][] = [
    ['settings.preferences.waysIn.password', preferences.HasPassword],
    ['settings.preferences.waysIn.pin', preferences.HasPin],
    ['settings.preferences.waysIn.bankId', preferences.HasBankId],
  ];
  return (
    <Stack spacing={3}>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
          columnGap: 3,
          rowGap: { xs: 0.25, sm: 1 },
        }}
      >
        {facts.map(([key, value]) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {t(key)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
              {value ?? (
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {t('settings.preferences.notAdded')}
                </Box>
              )}
            </Typography>
          </Box>
        ))}
      </Box>
      <Stack spacing={1}>
        <Typography id={waysInId} component="h3" sx={{ fontWeight: 600 }}>
          {t('settings.preferences.waysIn.heading')}
        </Typography>
        <Box component="ul" aria-labelledby={waysInId} sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
          {waysIn.map(([key, isInUse]) => (
            <Box
              component="li"
              key={key}
              sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, maxWidth: 420 }}
            >
              <Typography>{t(key)}</Typography>
              <Chip
                size="small"
                color={isInUse ? 'success' : 'default'}
                variant={isInUse ? 'filled' : 'outlined'}
                label={t(isInUse ? 'settings.preferences.waysIn.on' : 'settings.preferences.waysIn.off')}
              />
            </Box>
          ))}
        </Box>
      </Stack>
    </Stack>
  );
}
