import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { listDocumentsRoute } from '@signlink/contracts/documents/documents.routes';
import { listDraftsRoute } from '@signlink/contracts/documents/drafts.routes';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApiClient } from '../../api/api-context.tsx';
import { createTemplatesApi } from '../../api/templates-api.ts';
import { useApiQuery } from '../../api/use-api-query.ts';
import { UploadDropZone } from '../../components/documents/upload-drop-zone.tsx';
import { FormError } from '../../components/forms/form-error.tsx';
import { PageLayout } from '../../components/layout/page-layout.tsx';

interface Source {
  Id: string;
  Title: string;
}

/**
 * /templates/create (issue 24, part 1): a PDF uploaded becomes the template itself (`POST templates`, FromUpload),
 * or one of the caller's drafts or sent documents is saved as one; either way the editor opens on the template.
 */
export function CreateTemplatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useApiClient();
  const api = useMemo(() => createTemplatesApi(client), [client]);
  const [keepContacts, setKeepContacts] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  // A contributor has no drafts or sent documents to see: the lists are left out when refused.
  const drafts = useApiQuery(listDraftsRoute, undefined, { silent: true }, { retry: false, staleTime: 0 });
  const sent = useApiQuery(
    listDocumentsRoute,
    { query: { box: 'sent', pageSize: 20 } },
    { silent: true },
    { retry: false, staleTime: 0 },
  );

  const make = async (source: Source, fromUpload: boolean) => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const template = await api.create({
        Name: source.Title || t('templates.title'),
        SourceDocumentId: source.Id,
        ...(fromUpload ? { FromUpload: true } : keepContacts ? { KeepContacts: true } : {}),
      });
      navigate(`/templates/${encodeURIComponent(template.Id)}/edit`);
    } catch (error) {
      setFailure(error);
      setBusy(false);
    }
  };

  const draftSources = drafts.data?.Projects ?? [];
  const sentSources = (sent.data?.Errands ?? []).map((document) => ({ Id: document.Id, Title: document.Name }));
  return (
    <PageLayout>
      <Box sx={{ width: '100%', maxWidth: 960, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 5 } }}>
        <Stack spacing={4}>
          <div>
            <Typography variant="h1" sx={{ fontSize: '2rem', mb: 0.5 }}>
              {t('templates.createPage.title')}
            </Typography>
            <Typography color="text.secondary">{t('templates.createPage.intro')}</Typography>
          </div>
          <FormError error={failure} />
          {busy && <Typography role="status">{t('templates.createPage.creating')}</Typography>}
          <Stack spacing={1.5} component="section" aria-label={t('templates.createPage.fromPdf')}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
              {t('templates.createPage.fromPdf')}
            </Typography>
            <UploadDropZone onUploaded={(draft) => void make({ Id: draft.Id, Title: draft.Title }, true)} />
          </Stack>
          <Stack spacing={1.5} component="section" aria-label={t('templates.createPage.fromDocument')}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
              {t('templates.createPage.fromDocument')}
            </Typography>
            <FormControlLabel
              control={<Switch checked={keepContacts} onChange={(event) => setKeepContacts(event.target.checked)} />}
              label={t('templates.createPage.keepContacts')}
            />
            {draftSources.length === 0 && sentSources.length === 0 && (
              <Typography color="text.secondary">{t('templates.createPage.noDocuments')}</Typography>
            )}
            <SourceList
              heading={t('templates.createPage.draftsHeading')}
              sources={draftSources}
              disabled={busy}
              onPick={(source) => void make(source, false)}
            />
            <SourceList
              heading={t('templates.createPage.sentHeading')}
              sources={sentSources}
              disabled={busy}
              onPick={(source) => void make(source, false)}
            />
          </Stack>
        </Stack>
      </Box>
    </PageLayout>
  );
}

function SourceList(props: {
  heading: string;
  sources: Source[];
  disabled: boolean;
  onPick: (source: Source) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  if (props.sources.length === 0) return null;
  return (
    <Stack spacing={1}>
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        {props.heading}
      </Typography>
      <Paper variant="outlined">
        <List aria-labelledby={headingId} disablePadding>
          {props.sources.map((source) => (
            <ListItem key={source.Id} disablePadding>
              <ListItemButton
                disabled={props.disabled}
                aria-label={t('templates.createPage.saveAs', { name: source.Title })}
                onClick={() => props.onPick(source)}
              >
                <ListItemText primary={source.Title} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
    </Stack>
  );
}
