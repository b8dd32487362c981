import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { assistantLimits } from '@signlink/contracts/assistant/assistant-settings';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { MicIcon, SendIcon } from './assistant-icons.tsx';

interface ChatComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  isSending: boolean;
  /** Absent when speech in is not offered (the owner's setting, or a browser without it). */
  microphone?: { isListening: boolean; onToggle: () => void };
}

/** The question box: Enter sends, Shift+Enter starts a new line; the microphone beside it when speech is offered. */
export function ChatComposer({ value, onChange, onSend, inputRef, isSending, microphone }: ChatComposerProps) {
  const { t } = useTranslation();
  const canSend = Boolean(value.trim()) && !isSending;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend) onSend();
      }}
      sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, width: '100%' }}
    >
      <TextField
        multiline
        // The chat opens to ask: the box takes the focus from the button that opened it.
        autoFocus
        maxRows={5}
        fullWidth
        size="small"
        label={t('recipientAssistant.question')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
          event.preventDefault();
          if (canSend) onSend();
        }}
        inputRef={inputRef}
        slotProps={{ htmlInput: { maxLength: assistantLimits.maxQuestionChars, 'data-testid': 'assistant-question' } }}
      />
      {microphone && (
        <IconButton
          aria-label={microphone.isListening ? t('recipientAssistant.stopListening') : t('recipientAssistant.speak')}
          aria-pressed={microphone.isListening}
          onClick={microphone.onToggle}
          color={microphone.isListening ? 'error' : 'default'}
        >
          <MicIcon />
        </IconButton>
      )}
      <IconButton type="submit" aria-label={t('recipientAssistant.send')} disabled={!canSend} color="primary">
        <SendIcon />
      </IconButton>
    </Box>
  );
}
