import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type InvitationMethod, invitationMethods } from '@signlink/contracts/documents/document-model';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApiClient } from '../../api/api-context.tsx';
import { ApiError } from '../../api/api-error.ts';
import {
  createTemplatesApi,
  type TemplateRole,
  type TemplateRoleFill,
  type TemplateSummary,
} from '../../api/templates-api.ts';
import { FormDialog } from '../../components/dialogs/form-dialog.tsx';
import { FormError } from '../../components/forms/form-error.tsx';

interface RoleRow {
  name: string;
  email: string;
  phone: string;
  method: InvitationMethod;
}

type RowErrors = { name?: string; contact?: string };

const isFixed = (role: TemplateRole) => role.Name.trim() !== '' && Boolean(role.Email || role.Phone);
const isBlank = (row: RoleRow) => !row.name.trim() && !row.email.trim() && !row.phone.trim();

/** What the server found empty (TEMPLATE_ROLE_EMPTY's details), to mark those rows as well. */
function emptyIndexesOf(failure: unknown): number[] {
  if (!(failure instanceof ApiError) || failure.code !== 'TEMPLATE_ROLE_EMPTY') return [];
  const indexes = (failure.details as { signatureIndexes?: unknown } | null)?.signatureIndexes;
  return Array.isArray(indexes) ? indexes.filter((index): index is number => typeof index === 'number') : [];
}

/**
 * Use a template (issue 24, part 1): one row per role (name, e-mail or mobile, how to invite), checked here as the
 * server checks it, then `POST templates/{id}` makes the draft, which opens in the editor to review and send.
 */
export function UseTemplateDialog({ template, onClose }: { template: TemplateSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useApiClient();
  const api = useMemo(() => createTemplatesApi(client), [client]);
  const [rows, setRows] = useState<RoleRow[]>(() =>
    template.Roles.map((role) => ({ name: '', email: '', phone: '', method: role.InvitationMethod })),
  );
  const [errors, setErrors] = useState<RowErrors[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const change = (index: number, changes: Partial<RoleRow>) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...changes } : row)));

  const check = (): RowErrors[] =>
    template.Roles.map((role, index) => {
      const row = rows[index];
      if (!row || (isBlank(row) && isFixed(role))) return {};
      return {
        ...(row.name.trim() ? {} : { name: t('templates.use.nameMissing') }),
        ...(row.email.trim() || row.phone.trim() ? {} : { contact: t('templates.use.contactMissing') }),
      };
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = check();
    setErrors(found);
    if (found.some((row) => row.name || row.contact)) return;
    const parties: TemplateRoleFill[] = template.Roles.flatMap((role, index) => {
      const row = rows[index];
      if (!row || isBlank(row)) return [];
      return [
        {
          SignatureIndex: role.SignatureIndex,
          Name: row.name.trim(),
          ...(row.email.trim() ? { Email: row.email.trim() } : {}),
          ...(row.phone.trim() ? { Phone: row.phone.trim() } : {}),
          InvitationMethod: row.method,
        },
      ];
    });
    setBusy(true);
    try {
      const { ProjectId } = await api.use(template.Id, { Parties: parties });
      navigate(`/create/${encodeURIComponent(ProjectId)}`);
    } catch (error) {
      const empty = emptyIndexesOf(error);
      setErrors(
        template.Roles.map((role) =>
          empty.includes(role.SignatureIndex) ? { contact: t('templates.use.contactMissing') } : {},
        ),
      );
      setFailure(error);
      setBusy(false);
    }
  };

  const emptyRoles = emptyIndexesOf(failure)
    .map((index) => template.Roles.find((role) => role.SignatureIndex === index)?.Role)
    .filter(Boolean)
    .join(', ');

  return (
    <FormDialog
      title={t('templates.use.title', { name: template.Name })}
      intro={t('templates.use.intro')}
      submitLabel={t('templates.use.submit')}
      isProcessing={busy}
      isFullScreenOnPhone
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      {template.Roles.map((role, index) => {
        const row = rows[index] ?? { name: '', email: '', phone: '', method: role.InvitationMethod };
        const rowErrors = errors[index] ?? {};
        const fixed = isFixed(role);
        return (
          <Stack key={role.SignatureIndex} component="fieldset" spacing={1.5} sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
              {role.Role}
            </Typography>
            {fixed && (
              <Typography variant="body2" color="text.secondary">
                {t('templates.use.fixed', { name: role.Name })}
              </Typography>
            )}
            <TextField
              size="small"
              label={t('templates.use.name')}
              value={row.name}
              required={!fixed}
              onChange={(event) => change(index, { name: event.target.value })}
              error={rowErrors.name !== undefined}
              helperText={rowErrors.name}
              slotProps={{ htmlInput: { maxLength: 200, autoComplete: 'off' } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <TextField
                size="small"
                type="email"
                label={t('templates.use.email')}
                value={row.email}
                onChange={(event) => change(index, { email: event.target.value })}
                error={rowErrors.contact !== undefined}
                helperText={rowErrors.contact}
                slotProps={{ htmlInput: { maxLength: 254, autoComplete: 'off' } }}
                sx={{ flex: 1 }}
              />
              <TextField
                size="small"
                type="tel"
                label={t('templates.use.phone')}
                value={row.phone}
                onChange={(event) => change(index, { phone: event.target.value })}
                error={rowErrors.contact !== undefined}
                slotProps={{ htmlInput: { maxLength: 32, autoComplete: 'off' } }}
                sx={{ flex: 1 }}
              />
            </Stack>
            <TextField
              select
              size="small"
              label={t('templates.use.invitationMethod')}
              value={row.method}
              onChange={(event) => change(index, { method: event.target.value as InvitationMethod })}
            >
              {invitationMethods.map((method) => (
                <MenuItem key={method} value={method}>
                  {t(`editor.invitationMethods.${method}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        );
      })}
      {emptyRoles && <FormError>{t('templates.use.roleEmpty', { roles: emptyRoles })}</FormError>}
      {failure !== null && !emptyRoles && <FormError error={failure} />}
    </FormDialog>
  );
}
