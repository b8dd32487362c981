import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { listDraftsRoute } from '@signlink/contracts/documents/drafts.routes';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useApiQuery } from '../../api/use-api-query.ts';
import { FormError } from '../../components/forms/form-error.tsx';

/** The user's drafts, latest first (`GET linktinker/projects`), each opening in the editor to continue. */
export function DraftsList() {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const draftsQuery = useApiQuery(listDraftsRoute, {}, { silent: true }, { retry: false });
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const drafts = draftsQuery.data?.Projects ?? [];
  return (
    <Stack spacing={1.5}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('create.drafts.heading')}
      </Typography>
      {draftsQuery.isError && <FormError error={draftsQuery.error} />}
      {draftsQuery.isSuccess && drafts.length === 0 && (
        <Typography color="text.secondary">{t('create.drafts.empty')}</Typography>
      )}
      {drafts.length > 0 && (
        <Paper variant="outlined">
          <List aria-labelledby={headingId} disablePadding>
            {drafts.map((draft) => (
              <ListItemButton key={draft.Id} component={RouterLink} to={`/create/${encodeURIComponent(draft.Id)}`}>
                <ListItemText
                  primary={draft.Title}
                  secondary={t('create.drafts.details', {
                    files: draft.FileCount,
                    updated: dateFormat.format(new Date(draft.Updated)),
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
