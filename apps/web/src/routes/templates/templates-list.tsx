import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApiClient } from '../../api/api-context.tsx';
import { createTemplatesApi, type TemplateSummary } from '../../api/templates-api.ts';
import { useDialogs } from '../../components/dialogs/dialogs-context.tsx';
import { FormError } from '../../components/forms/form-error.tsx';
import { RenameTemplateDialog } from './rename-template-dialog.tsx';

type Outcome = { notice: string } | { failure: unknown };

interface TemplatesListProps {
  templates: TemplateSummary[];
  /** The account has an annual plan or the add-on: templates may be used and edited. */
  canUse: boolean;
  /** The caller sends documents (a contributor makes templates but does not use them). */
  mayUse: boolean;
  onUse: (template: TemplateSummary) => void;
  onChanged: () => void;
}

/** The templates, one row each: name, roles, when changed and by whom, Use and the other actions in a menu. */
export function TemplatesList({ templates, canUse, mayUse, onUse, onChanged }: TemplatesListProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const client = useApiClient();
  const api = useMemo(() => createTemplatesApi(client), [client]);
  const dialogs = useDialogs();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; template: TemplateSummary } | null>(null);
  const [renaming, setRenaming] = useState<TemplateSummary | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const run = async (action: () => Promise<string | null>) => {
    setMenu(null);
    setOutcome(null);
    try {
      const notice = await action();
      if (notice) setOutcome({ notice });
      onChanged();
    } catch (failure) {
      setOutcome({ failure });
    }
  };

  const edit = (template: TemplateSummary) =>
    run(async () => {
      const { ProjectId } = await api.edit(template.Id);
      navigate(`/templates/${encodeURIComponent(ProjectId)}/edit`);
      return null;
    });
  const share = (template: TemplateSummary) =>
    run(async () => {
      const shared = template.AccessLevel !== 'shared';
      await api.update(template.Id, { AccessLevel: shared ? 'shared' : 'private' });
      return t(shared ? 'templates.sharedNotice' : 'templates.unsharedNotice', { name: template.Name });
    });
  const remove = (template: TemplateSummary) =>
    run(async () => {
      const yes = await dialogs.confirm({
        title: t('templates.delete.confirmTitle'),
        message: t('templates.delete.confirmMessage', { name: template.Name }),
        yesLabel: t('templates.actions.delete'),
        noLabel: t('common.cancel'),
      });
      if (!yes) return null;
      await api.remove(template.Id);
      return t('templates.delete.deleted', { name: template.Name });
    });

  const open = menu?.template;
  return (
    <Stack spacing={1.5}>
      {outcome && 'failure' in outcome && <FormError error={outcome.failure} />}
      {outcome && 'notice' in outcome && (
        <Alert severity="success" role="status">
          {outcome.notice}
        </Alert>
      )}
      <Paper variant="outlined">
        <List aria-label={t('templates.listLabel')} disablePadding>
          {templates.map((template, index) => (
            <ListItem key={template.Id} divider={index < templates.length - 1} sx={{ py: 1.5 }}>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1.5}
                sx={{ width: '100%', alignItems: { sm: 'center' } }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{template.Name}</Typography>
                    {template.AccessLevel === 'shared' && <Chip size="small" label={t('templates.shared')} />}
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {template.Roles.length > 0
                      ? t('templates.roles', { roles: template.Roles.map((role) => role.Role).join(', ') })
                      : t('templates.noRoles')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('templates.details', {
                      updated: dateFormat.format(new Date(template.Updated)),
                      owner: template.OwnerName,
                    })}
                  </Typography>
                </Box>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flex: 'none' }}>
                  {mayUse && (
                    <Button
                      variant="outlined"
                      disabled={!canUse}
                      aria-label={t('templates.actions.useNamed', { name: template.Name })}
                      onClick={() => onUse(template)}
                    >
                      {t('templates.actions.use')}
                    </Button>
                  )}
                  <IconButton
                    aria-label={t('templates.actions.menu', { name: template.Name })}
                    aria-haspopup="menu"
                    onClick={(event) => setMenu({ anchor: event.currentTarget, template })}
                  >
                    <span aria-hidden>⋮</span>
                  </IconButton>
                </Stack>
              </Stack>
            </ListItem>
          ))}
        </List>
      </Paper>
      <Menu anchorEl={menu?.anchor ?? null} open={menu !== null} onClose={() => setMenu(null)}>
        {open && [
          <MenuItem key="edit" disabled={!canUse} onClick={() => void edit(open)}>
            {t('templates.actions.edit')}
          </MenuItem>,
          <MenuItem key="publish" onClick={() => navigate(`/links/create?template=${encodeURIComponent(open.Id)}`)}>
            {t('templates.actions.publish')}
          </MenuItem>,
          ...(open.IsOwner
            ? [
                <MenuItem
                  key="rename"
                  onClick={() => {
                    setMenu(null);
                    setRenaming(open);
                  }}
                >
                  {t('templates.actions.rename')}
                </MenuItem>,
                <MenuItem key="share" onClick={() => void share(open)}>
                  {t(open.AccessLevel === 'shared' ? 'templates.actions.unshare' : 'templates.actions.share')}
                </MenuItem>,
                <MenuItem key="delete" onClick={() => void remove(open)}>
                  {t('templates.actions.delete')}
                </MenuItem>,
              ]
            : []),
        ]}
      </Menu>
      {renaming && (
        <RenameTemplateDialog
          template={renaming}
          rename={(name) => api.update(renaming.Id, { Name: name })}
          onClose={(renamed) => {
            setRenaming(null);
            if (renamed) {
              setOutcome({ notice: t('templates.renamedNotice', { name: renamed }) });
              onChanged();
            }
          }}
        />
      )}
    </Stack>
  );
}
