import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/forms/form-error.tsx';
import { type LinkFormState, type LinkGateChoice, missingOf, type RoleChoice } from './link-form-state.ts';
import { LinkRoleFields } from './link-role-fields.tsx';

const gates: LinkGateChoice[] = ['none', 'bankid', 'sms', 'email'];

/**
 * A public link's settings, shared by create and edit: its name, the visitor's gate, and for each role after the
 * visitor's whether the visitor names the person or the owner fixes one. `children` comes first (the template).
 */
export function LinkForm({
  initial,
  submitLabel,
  isDisabled,
  children,
  onSubmit,
  onCancel,
}: {
  initial: LinkFormState;
  submitLabel: string;
  isDisabled?: boolean;
  children?: ReactNode;
  onSubmit: (state: LinkFormState) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState(initial);
  const [hasTried, setHasTried] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const setRole = (index: number, changes: Partial<RoleChoice>) =>
    setState((current) => ({
      ...current,
      roles: current.roles.map((role) => (role.signatureIndex === index ? { ...role, ...changes } : role)),
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setHasTried(true);
    if (!state.name.trim() || state.roles.some((role) => missingOf(role))) return;
    setIsSaving(true);
    setFailure(null);
    try {
      await onSubmit(state);
    } catch (error) {
      setFailure(error);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Stack component="form" spacing={3} onSubmit={(event) => void submit(event)} noValidate sx={{ maxWidth: 720 }}>
      {children}
      <TextField
        label={t('publicLinks.form.name')}
        value={state.name}
        onChange={(event) => setState({ ...state, name: event.target.value })}
        required
        error={hasTried && !state.name.trim()}
        helperText={
          hasTried && !state.name.trim() ? t('publicLinks.form.linkNameMissing') : t('publicLinks.form.nameHint')
        }
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <FormControl component="fieldset">
        <FormLabel component="legend" id="link-gate-legend">
          {t('publicLinks.form.gate')}
        </FormLabel>
        <RadioGroup
          aria-labelledby="link-gate-legend"
          value={state.gate}
          onChange={(event) => setState({ ...state, gate: event.target.value as LinkGateChoice })}
        >
          {gates.map((gate) => (
            <FormControlLabel key={gate} value={gate} control={<Radio />} label={t(`publicLinks.gates.${gate}`)} />
          ))}
        </RadioGroup>
      </FormControl>
      {state.roles.length > 0 && (
        <Stack spacing={1.5} component="section" aria-labelledby="link-roles-heading">
          <Typography id="link-roles-heading" variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
            {t('publicLinks.form.rolesHeading')}
          </Typography>
          <Typography color="text.secondary">{t('publicLinks.form.rolesIntro')}</Typography>
          {state.roles.map((role) => (
            <LinkRoleFields
              key={role.signatureIndex}
              role={role}
              error={hasTried ? missingOf(role) : null}
              onChange={(changes) => setRole(role.signatureIndex, changes)}
            />
          ))}
        </Stack>
      )}
      {failure ? <FormError error={failure} /> : null}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={isSaving || isDisabled}>
          {submitLabel}
        </Button>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
      </Stack>
    </Stack>
  );
}
