import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { invitationMethods } from '@signlink/contracts/documents/document-model';
import { useTranslation } from 'react-i18next';
import type { RoleChoice } from './link-form-state.ts';

/** One role after the visitor's: "the visitor names this person", or the person the owner fixes for every visit. */
export function LinkRoleFields({
  role,
  error,
  onChange,
}: {
  role: RoleChoice;
  /** An i18n key: what the fixed person still lacks, once the owner tried to save. */
  error: string | null;
  onChange: (changes: Partial<RoleChoice>) => void;
}) {
  const { t } = useTranslation();
  const id = `link-role-${role.signatureIndex}`;
  const label = role.role || t('publicLinks.form.roleNumber', { number: role.signatureIndex + 1 });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <FormControl component="fieldset" fullWidth>
        <FormLabel component="legend" id={`${id}-legend`} sx={{ fontWeight: 600, color: 'text.primary' }}>
          {label}
        </FormLabel>
        <RadioGroup
          aria-labelledby={`${id}-legend`}
          value={role.isFixed ? 'fixed' : 'visitor'}
          onChange={(event) => onChange({ isFixed: event.target.value === 'fixed' })}
        >
          <FormControlLabel value="visitor" control={<Radio />} label={t('publicLinks.form.visitorNames')} />
          <FormControlLabel value="fixed" control={<Radio />} label={t('publicLinks.form.fixedPerson')} />
        </RadioGroup>
        {role.isFixed && (
          <Stack spacing={1.5} sx={{ mt: 1 }}>
            <TextField
              size="small"
              label={t('publicLinks.form.personName')}
              value={role.name}
              onChange={(event) => onChange({ name: event.target.value })}
              error={error === 'publicLinks.form.nameMissing'}
              required
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <TextField
                size="small"
                type="email"
                label={t('publicLinks.form.email')}
                value={role.email}
                onChange={(event) => onChange({ email: event.target.value })}
                error={error === 'publicLinks.form.emailMissing'}
                fullWidth
              />
              <TextField
                size="small"
                type="tel"
                label={t('publicLinks.form.phone')}
                value={role.phone}
                onChange={(event) => onChange({ phone: event.target.value })}
                error={error === 'publicLinks.form.phoneMissing'}
                fullWidth
              />
            </Stack>
            <TextField
              select
              size="small"
              label={t('publicLinks.form.invitationMethod')}
              value={role.invitationMethod}
              onChange={(event) => onChange({ invitationMethod: event.target.value as RoleChoice['invitationMethod'] })}
            >
              {invitationMethods.map((method) => (
                <MenuItem key={method} value={method}>
                  {t(`publicLinks.methods.${method}`)}
                </MenuItem>
              ))}
            </TextField>
            {error && (
              <FormLabel error role="alert" sx={{ fontSize: '0.875rem' }}>
                {t(error)}
              </FormLabel>
            )}
          </Stack>
        )}
      </FormControl>
    </Paper>
  );
}
