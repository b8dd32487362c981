import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type RoleCode, roleNameOf, roles } from '@signlink/contracts/auth/roles';
import { useTranslation } from 'react-i18next';

/** SPEC section 6's four roles, most rights first. */
export const roleChoices: readonly RoleCode[] = [roles.administrator, roles.regular, roles.contributor, roles.readOnly];

export function useRoleLabel() {
  const { t } = useTranslation();
  return (code: number) => t(`users.roles.${roleNameOf(code) ?? 'regular'}`);
}

export function RoleSelect({
  value,
  onChange,
  label,
  disabled,
  withHelp = false,
  size,
}: {
  value: RoleCode;
  onChange: (role: RoleCode) => void;
  label: string;
  disabled?: boolean;
  /** What each role may do, under the field: for choosing a new user's role. */
  withHelp?: boolean;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(Number(event.target.value) as RoleCode)}
      disabled={disabled}
      size={size}
      helperText={withHelp ? t(`users.roleHelp.${roleNameOf(value) ?? 'regular'}`) : undefined}
      sx={{ minWidth: 180 }}
    >
      {roleChoices.map((code) => (
        <MenuItem key={code} value={code}>
          {roleLabel(code)}
        </MenuItem>
      ))}
    </TextField>
  );
}
