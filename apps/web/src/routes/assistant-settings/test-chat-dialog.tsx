import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { assistantLimits } from '@signlink/contracts/assistant/assistant-settings';
import { type Locale, locales, matchLocale } from '@signlink/contracts/locales';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssistantApi } from '../../api/assistant-api.ts';
import { AppDialog } from '../../components/dialogs/app-dialog.tsx';
import { FormError } from '../../components/forms/form-error.tsx';
import { type Exchange, historyOf } from '../../lib/chat-history.ts';

interface TestChatDialogProps {
  api: AssistantApi;
  documentId: string;
  /** The test answers with the saved settings, so edits not yet saved would mislead. */
  hasUnsavedChanges: boolean;
  /** An answer was counted in the owner's test conversation. */
  onAnswered: () => void;
  onClose: () => void;
}

/** The owner asks as a visitor would (SPEC section 1, "test it") and sees each answer with where it comes from. */
export function TestChatDialog({ api, documentId, hasUnsavedChanges, onAnswered, onClose }: TestChatDialogProps) {
  const { t, i18n } = useTranslation();
  const [question, setQuestion] = useState('');
  const [language, setLanguage] = useState<Locale>(matchLocale(i18n.language));
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const [isAsking, setIsAsking] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    const asked = question.trim();
    if (!asked || isAsking) return;
    const history = historyOf(exchanges);
    setIsAsking(true);
    setFailure(null);
    try {
      // The first answer's conversation goes back with the next question, so the session is one conversation.
      const conversationId = exchanges.find((exchange) => exchange.answer.ConversationId)?.answer.ConversationId;
      const answer = await api.test(documentId, {
        Question: asked,
        History: history,
        Language: language,
        ...(conversationId ? { ConversationId: conversationId } : {}),
      });
      setExchanges((previous) => [...previous, { question: asked, answer }]);
      setQuestion('');
      onAnswered();
    } catch (error) {
      setFailure(error);
    } finally {
      setIsAsking(false);
    }
  };

  return (
    <AppDialog
      title={t('assistantSettings.test.title')}
      onClose={onClose}
      isFullScreenOnPhone
      actions={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {hasUnsavedChanges && (
          <Alert severity="warning" role="note">
            {t('assistantSettings.test.saveFirst')}
          </Alert>
        )}
        {exchanges.length > 0 && (
          <Stack component="ol" spacing={2} aria-label={t('assistantSettings.test.conversation')} sx={{ m: 0, p: 0 }}>
            {exchanges.map((exchange, index) => (
              // The list only grows, so an exchange keeps its place.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <ExchangeItem key={index} exchange={exchange} />
            ))}
          </Stack>
        )}
        <Box component="form" onSubmit={(event) => void ask(event)} noValidate>
          <Stack spacing={2}>
            <TextField
              multiline
              minRows={2}
              label={t('assistantSettings.test.question')}
              value={question}
              onChange={(event) => setQuestion(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) void ask(event);
              }}
              slotProps={{ htmlInput: { maxLength: assistantLimits.maxQuestionChars } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
              <TextField
                select
                label={t('assistantSettings.test.language')}
                value={language}
                onChange={(event) => setLanguage(event.target.value as Locale)}
                sx={{ minWidth: 200 }}
              >
                {locales.map((locale) => (
                  <MenuItem key={locale} value={locale}>
                    {t(`assistantSettings.languages.${locale}`)}
                  </MenuItem>
                ))}
              </TextField>
              <Button type="submit" variant="contained" disabled={isAsking || !question.trim()}>
                {t('assistantSettings.test.ask')}
              </Button>
              {isAsking && (
                <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <CircularProgress size={20} />
                  <Typography variant="body2">{t('assistantSettings.test.thinking')}</Typography>
                </Box>
              )}
            </Stack>
            <FormError error={failure} />
          </Stack>
        </Box>
      </Stack>
    </AppDialog>
  );
}

function ExchangeItem({ exchange }: { exchange: Exchange }) {
  const { t } = useTranslation();
  const { answer } = exchange;
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Typography variant="body2" color="text.secondary">
        {t('assistantSettings.test.you')}
      </Typography>
      <Typography sx={{ mb: 1, whiteSpace: 'pre-wrap' }}>{exchange.question}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('assistantSettings.test.phil')}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap' }}>{answer.Text}</Typography>
      {answer.IsUnknown && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('assistantSettings.test.unknown')}
        </Typography>
      )}
      {answer.Sources.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('assistantSettings.test.sources')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {answer.Sources.map((source) => (
              <Typography component="li" variant="body2" key={`${source.Title}-${source.Page}-${source.Quote}`}>
                {t('assistantSettings.test.source', { page: source.Page, title: source.Title, quote: source.Quote })}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
