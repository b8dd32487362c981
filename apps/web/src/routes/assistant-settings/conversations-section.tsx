import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssistantConversations } from '../../api/assistant-api.ts';
import { FormError } from '../../components/forms/form-error.tsx';
import { ConversationItem } from './conversation-item.tsx';
import { SettingsSection } from './settings-section.tsx';

/** A busy document has many conversations; a page of them at a time keeps the screen short on a phone. */
const pageSize = 20;

/** What Phil has said about the document (SPEC section 7): each conversation's counts, cost and, where kept, turns. */
export function ConversationsSection({ documentId }: { documentId: string }) {
  const { t } = useTranslation();
  const conversations = useAssistantConversations(documentId);
  const [shownCount, setShownCount] = useState(pageSize);
  const all = conversations.data?.Conversations ?? [];
  const shown = all.slice(0, shownCount);
  return (
    <SettingsSection
      title={t('assistantSettings.conversations.title')}
      intro={t('assistantSettings.conversations.intro')}
    >
      {conversations.isPending && (
        <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 2 }}>
          <CircularProgress size={28} />
        </Box>
      )}
      {conversations.isError && <FormError error={conversations.error} />}
      {conversations.isSuccess && all.length === 0 && (
        <Typography color="text.secondary">{t('assistantSettings.conversations.empty')}</Typography>
      )}
      {shown.length > 0 && (
        <Stack
          component="ul"
          spacing={1.5}
          aria-label={t('assistantSettings.conversations.listLabel')}
          sx={{ m: 0, p: 0, listStyle: 'none' }}
        >
          {shown.map((conversation) => (
            <ConversationItem key={conversation.Id} conversation={conversation} />
          ))}
        </Stack>
      )}
      {all.length > shown.length && (
        <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => setShownCount((count) => count + pageSize)}>
            {t('assistantSettings.conversations.showMore')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('assistantSettings.conversations.shownOf', { shown: shown.length, total: all.length })}
          </Typography>
        </Stack>
      )}
    </SettingsSection>
  );
}
