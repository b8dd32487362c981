import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { listDraftsRoute } from '@signlink/contracts/documents/drafts.routes';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useApiQuery } from '../../api/use-api-query.ts';
import { FormError } from '../../components/forms/form-error.tsx';
import { DeleteIcon } from './delete-icon.tsx';
import { useDiscardDraft } from './use-discard-draft.ts';

type Outcome = { deleted: string } | { failure: unknown };

/**
 * The user's drafts, latest first (`GET linktinker/projects`), each opening in the editor to continue, or deleted.
 * `editorSearch` opens the editor in a mode (sign and send: `?mode=sign-and-send`).
 */
export function DraftsList({ editorSearch = '' }: { editorSearch?: string }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  // Loaded again on every visit: the editor just made, renamed or deleted a draft, and a cached list would hide it.
  const draftsQuery = useApiQuery(listDraftsRoute, {}, { silent: true }, { retry: false, staleTime: 0 });
  const discardDraft = useDiscardDraft();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const drafts = draftsQuery.data?.Projects ?? [];

  const discard = async (draft: { Id: string; Title: string }) => {
    setOutcome(null);
    try {
      if (await discardDraft({ id: draft.Id, name: draft.Title })) setOutcome({ deleted: draft.Title });
    } catch (failure) {
      setOutcome({ failure });
    }
  };

  return (
    <Stack spacing={1.5}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('create.drafts.heading')}
      </Typography>
      {draftsQuery.isError && <FormError error={draftsQuery.error} />}
      {outcome && 'failure' in outcome && <FormError error={outcome.failure} />}
      {outcome && 'deleted' in outcome && (
        <Alert severity="success" role="status">
          {t('create.discardDraft.deleted', { name: outcome.deleted })}
        </Alert>
      )}
      {draftsQuery.isSuccess && drafts.length === 0 && (
        <Typography color="text.secondary">{t('create.drafts.empty')}</Typography>
      )}
      {drafts.length > 0 && (
        <Paper variant="outlined">
          <List aria-labelledby={headingId} disablePadding>
            {drafts.map((draft) => (
              <ListItem
                key={draft.Id}
                disablePadding
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={t('create.discardDraft.rowAction', { name: draft.Title })}
                    onClick={() => void discard(draft)}
                  >
                    <DeleteIcon />
                  </IconButton>
                }
              >
                <ListItemButton component={RouterLink} to={`/create/${encodeURIComponent(draft.Id)}${editorSearch}`}>
                  <ListItemText
                    primary={draft.Title}
                    secondary={t('create.drafts.details', {
                      files: draft.FileCount,
                      updated: dateFormat.format(new Date(draft.Updated)),
                    })}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </Stack>
  );
}
