import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { AssistantConversation } from '@signlink/contracts/assistant/assistant-settings';
import { formatMoneyForDisplay } from '@signlink/contracts/format/format-amount';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/documents/format-date.ts';
import { currentLocale } from '../../i18n/create-app-i18n.ts';

/**
 * One conversation: who, when, how many messages and, with a model, what it cost; its turns on request where the
 * owner kept them. Stacked lines rather than table columns, so it reads on a phone.
 */
export function ConversationItem({ conversation }: { conversation: AssistantConversation }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const turnsId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const { Turns: turns } = conversation;
  const who = conversation.IsTest
    ? t('assistantSettings.conversations.testChat')
    : (conversation.PartyName ?? t('assistantSettings.conversations.visitor'));
  const facts = [
    formatDateTime(conversation.StartedAt, i18n.language),
    t('assistantSettings.conversations.messages', { count: conversation.Messages }),
  ];
  // The offline assistant costs nothing, and "0.00 SEK" on every line would only be noise.
  if (conversation.Cost > 0) {
    const amount = formatMoneyForDisplay(conversation.Cost, conversation.Currency, currentLocale(i18n));
    facts.push(t('assistantSettings.conversations.cost', { amount }));
  }
  return (
    <Box
      component="li"
      aria-labelledby={headingId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1.5, sm: 2 } }}
    >
      <Typography id={headingId} component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {who}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {facts.join(' · ')}
      </Typography>
      {turns ? (
        <>
          <Button
            size="small"
            sx={{ mt: 1 }}
            aria-expanded={isOpen}
            aria-controls={isOpen ? turnsId : undefined}
            onClick={() => setIsOpen((open) => !open)}
          >
            {t(isOpen ? 'assistantSettings.conversations.hideTurns' : 'assistantSettings.conversations.showTurns')}
          </Button>
          {isOpen && (
            <Box
              id={turnsId}
              component="ol"
              aria-label={t('assistantSettings.conversations.turnsLabel')}
              sx={{ m: 0, mt: 1, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}
            >
              {turns.map((turn, index) => (
                // Kept turns never change order, so a turn keeps its place.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={index}>
                  <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
                    {t(`assistantSettings.conversations.role.${turn.Role}`)}
                  </Typography>
                  <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{turn.Text}</Typography>
                </li>
              ))}
            </Box>
          )}
        </>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {conversation.IsTest
            ? t('assistantSettings.conversations.testNotKept')
            : t('assistantSettings.conversations.notKept', {
                setting: t('assistantSettings.advanced.storeConversations'),
                section: t('assistantSettings.advanced.title'),
              })}
        </Typography>
      )}
    </Box>
  );
}
