import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { listProjectsRoute } from '@signlink/contracts/documents/projects.routes';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useApiQuery } from '../../api/use-api-query.ts';
import { FormError } from '../../components/forms/form-error.tsx';

/** The user's drafts, latest first (`GET linktinker/projects`), each opening in the editor to continue. */
export function DraftsList() {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const drafts = useApiQuery(listProjectsRoute, {}, { silent: true }, { retry: false });
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const projects = drafts.data?.Projects ?? [];
  return (
    <Stack spacing={1.5}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('create.drafts.heading')}
      </Typography>
      {drafts.isError && <FormError error={drafts.error} />}
      {drafts.isSuccess && projects.length === 0 && (
        <Typography color="text.secondary">{t('create.drafts.empty')}</Typography>
      )}
      {projects.length > 0 && (
        <Paper variant="outlined">
          <List aria-labelledby={headingId} disablePadding>
            {projects.map((project) => (
              <ListItemButton key={project.Id} component={RouterLink} to={`/create/${encodeURIComponent(project.Id)}`}>
                <ListItemText
                  primary={project.Title}
                  secondary={t('create.drafts.details', {
                    files: project.FileCount,
                    updated: dateFormat.format(new Date(project.Updated)),
                  })}
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
    </Stack>
  );
}
