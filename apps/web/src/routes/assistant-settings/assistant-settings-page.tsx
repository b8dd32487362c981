import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import type { AssistantSettings } from '@signlink/contracts/assistant/assistant-settings';
import { findAssistantSettingsRoute } from '@signlink/contracts/assistant/assistant-settings.routes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useApiClient } from '../../api/api-context.tsx';
import {
  createAssistantApi,
  useAssistantSettings,
  useAssistantVersions,
  useRefreshAssistantConversations,
} from '../../api/assistant-api.ts';
import { apiQueryKey } from '../../api/use-api-query.ts';
import { useDialogs } from '../../components/dialogs/dialogs-context.tsx';
import { DocumentsPage } from '../../components/documents/documents-page.tsx';
import { FormError } from '../../components/forms/form-error.tsx';
import { AdvancedSettings } from './advanced-settings.tsx';
import { type AssistantForm, formOf, inputOf, isFormChanged } from './assistant-form.ts';
import { ConversationsSection } from './conversations-section.tsx';
import { CustomMessages } from './custom-messages.tsx';
import { GeneralSettings } from './general-settings.tsx';
import { KnowledgeFiles } from './knowledge-files.tsx';
import { TestChatDialog } from './test-chat-dialog.tsx';

/**
 * /document/{id}/assistant (SPEC section 2, "AI assistant settings screen"): the owner sets up the assistant Phil for
 * one document, draft or sent: general settings, custom messages, knowledge PDFs and advanced settings, then tests it.
 */
export function AssistantSettingsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const settings = useAssistantSettings(id);
  const back = useBack(id);
  if (settings.isPending || settings.isError) {
    return (
      <DocumentsPage title={t('assistantSettings.title')}>
        {settings.isPending ? (
          <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
            <CircularProgress />
          </Box>
        ) : (
          <>
            <FormError error={settings.error} />
            <Button sx={{ mt: 2 }} onClick={back}>
              {t('common.back')}
            </Button>
          </>
        )}
      </DocumentsPage>
    );
  }
  return <AssistantSettingsEditor settings={settings.data} onBack={back} />;
}

/** Back where the owner came from (the overview or the editor); opened directly, to the document's overview. */
function useBack(documentId: string) {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key !== 'default') navigate(-1);
    else navigate(`/document/${encodeURIComponent(documentId)}`);
  };
}

function AssistantSettingsEditor({ settings, onBack }: { settings: AssistantSettings; onBack: () => void }) {
  const { t } = useTranslation();
  const api = createAssistantApi(useApiClient());
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const versions = useAssistantVersions();
  const [form, setForm] = useState<AssistantForm>(() => formOf(settings));
  const [busy, setBusy] = useState<'saving' | 'clearing' | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isTesting, setIsTesting] = useState(false);
  const isChanged = isFormChanged(form, settings);
  const documentId = settings.DocumentId;
  const refreshConversations = useRefreshAssistantConversations(documentId);

  const keep = (next: AssistantSettings) =>
    queryClient.setQueryData(apiQueryKey(findAssistantSettingsRoute, { params: { documentId } }), next);
  const change = (part: Partial<AssistantForm>) => setForm((previous) => ({ ...previous, ...part }));

  const run = async (kind: 'saving' | 'clearing', call: () => Promise<AssistantSettings>, done: string) => {
    setBusy(kind);
    setFailure(null);
    try {
      const next = await call();
      keep(next);
      setForm(formOf(next));
      setNotice(done);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(null);
    }
  };

  const clear = async () => {
    const isSure = await dialogs.confirm({
      title: t('assistantSettings.clear.title'),
      message: t('assistantSettings.clear.message'),
      yesLabel: t('assistantSettings.clear.confirm'),
      noLabel: t('common.cancel'),
    });
    if (isSure) await run('clearing', () => api.clear(documentId), t('assistantSettings.clear.done'));
  };

  const isDisabled = busy !== null;
  return (
    <DocumentsPage
      title={t('assistantSettings.title')}
      subtitle={t('assistantSettings.intro')}
      actions={
        <>
          <Button variant="outlined" onClick={() => setIsTesting(true)}>
            {t('assistantSettings.test.open')}
          </Button>
          <Button onClick={onBack}>{t('common.back')}</Button>
        </>
      }
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (isChanged) void run('saving', () => api.save(documentId, inputOf(form)), t('assistantSettings.saved'));
        }}
      >
        <Stack spacing={3} sx={{ maxWidth: 840 }}>
          {!settings.Enabled && (
            <Alert severity="info" role="note">
              {t('assistantSettings.offNote')}
            </Alert>
          )}
          <GeneralSettings form={form} versions={versions.data?.Versions} disabled={isDisabled} onChange={change} />
          <CustomMessages form={form} defaults={settings.Defaults} disabled={isDisabled} onChange={change} />
          <KnowledgeFiles
            api={api}
            settings={settings}
            onChanged={(next, done) => {
              keep(next);
              setNotice(done);
            }}
          />
          <AdvancedSettings form={form} disabled={isDisabled} onChange={change} />
          <FormError error={failure} />
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
            <Button type="submit" variant="contained" disabled={!isChanged || isDisabled}>
              {busy === 'saving' ? t('assistantSettings.saving') : t('assistantSettings.save')}
            </Button>
            <Button variant="outlined" onClick={() => setForm(formOf(settings))} disabled={!isChanged || isDisabled}>
              {t('assistantSettings.undo')}
            </Button>
            <Box sx={{ flex: 1 }} />
            <Button variant="outlined" color="error" onClick={() => void clear()} disabled={isDisabled}>
              {t('assistantSettings.clear.button')}
            </Button>
          </Stack>
        </Stack>
      </Box>
      {/* Apart from the form: what was said, not what is set, so the save buttons above do not reach it. */}
      <Box sx={{ maxWidth: 840, mt: 3 }}>
        <ConversationsSection documentId={documentId} />
      </Box>
      {isTesting && (
        <TestChatDialog
          api={api}
          documentId={documentId}
          hasUnsavedChanges={isChanged}
          onAnswered={() => void refreshConversations()}
          onClose={() => setIsTesting(false)}
        />
      )}
      <Snackbar
        open={notice !== null}
        onClose={(_event, reason) => reason !== 'clickaway' && setNotice(null)}
        autoHideDuration={6000}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" role="status" variant="filled" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      </Snackbar>
    </DocumentsPage>
  );
}
