import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { LinkAssistant } from '@signlink/contracts/assistant/link-assistant';
import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';
import type { Locale } from '@signlink/contracts/locales';
import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isRetryable } from '../../../api/api-error.ts';
import { AppDialog } from '../../../components/dialogs/app-dialog.tsx';
import { messageKeyOfFailure } from '../../../components/forms/form-error.tsx';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { ChatComposer } from './chat-composer.tsx';
import { AnswerContent, ChatBubble } from './chat-messages.tsx';
import type { LinkAssistantApi } from './link-assistant-api.ts';
import type { PageTarget } from './source-target.ts';
import { type FailedAnswer, useAssistantChat } from './use-assistant-chat.ts';
import { useSpeechOutput } from './use-speech-output.ts';
import { useSpeechRecognition } from './use-speech-recognition.ts';

export interface AssistantChatProps {
  open: boolean;
  onClose: () => void;
  assistant: LinkAssistant;
  api: LinkAssistantApi;
  /** The page's language: the question's, which the server answers in unless the owner fixed one. */
  language: Locale;
  files: LinkAccessResponse['Documents'];
  /** The visitor has signed or sent the form: Phil's completion message joins the conversation. */
  hasFinished: boolean;
  onShowPage: (target: PageTarget) => void;
  onAccessExpired: () => void;
}

/**
 * The visitor's chat with Phil: his greetings, then each question with its answer streaming in and its sources.
 * Stays mounted once opened, so closing and opening again keeps the conversation; closing stops what is under way.
 */
export default function AssistantChat(props: AssistantChatProps) {
  const { open, onClose, assistant, api, language, files, hasFinished, onShowPage, onAccessExpired } = props;
  const { t } = useTranslation();
  const [question, setQuestion] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const speechOut = useSpeechOutput({ language: assistant.Language, isAllowed: assistant.EnableSpeech });
  const chat = useAssistantChat({
    api,
    language,
    onAnswer: (answer) => {
      setAnnouncement(answer.Text);
      speechOut.speak(answer.Text);
    },
    onAccessExpired,
  });
  const send = (text: string) => {
    const asked = text.trim();
    if (!asked || chat.pending) return;
    setQuestion('');
    setAnnouncement('');
    void chat.ask(asked);
  };
  const speechIn = useSpeechRecognition({
    language: assistant.Language,
    isAllowed: assistant.EnableSpeech,
    onTranscript: (text, isFinal) => (isFinal ? send(text) : setQuestion(text)),
  });

  // Where the completion message stands: after the exchanges there were when the visitor finished.
  const [completedAfter, setCompletedAfter] = useState<number | null>(hasFinished ? 0 : null);
  useEffect(() => {
    if (hasFinished && completedAfter === null) setCompletedAfter(chat.exchanges.length);
  }, [hasFinished, completedAfter, chat.exchanges.length]);

  const { cancel } = chat;
  const { cancel: stopSpeaking } = speechOut;
  const { stop: stopListening } = speechIn;
  // A question still being answered goes back into the box, to ask again after closing.
  const unanswered = useRef<string | null>(null);
  unanswered.current = chat.pending?.question ?? null;
  useEffect(() => {
    if (open) return;
    const question = unanswered.current;
    if (question) setQuestion((typed) => typed || question);
    cancel();
    stopSpeaking();
    stopListening();
  }, [open, cancel, stopSpeaking, stopListening]);

  const messageCount = chat.exchanges.length + (chat.pending ? 1 : 0) + (chat.failure ? 1 : 0);
  const pendingText = chat.pending?.text;
  useEffect(() => {
    if (messageCount > 0 || pendingText) endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messageCount, pendingText]);

  const completion = <ChatBubble speaker="phil">{assistant.CompletionMessage}</ChatBubble>;
  return (
    <AppDialog
      open={open}
      title={t('recipientAssistant.title')}
      onClose={onClose}
      isFullScreenOnPhone
      actions={
        <ChatComposer
          value={question}
          onChange={setQuestion}
          onSend={() => send(question)}
          inputRef={inputRef}
          isSending={Boolean(chat.pending)}
          microphone={
            speechIn.isAvailable ? { isListening: speechIn.isListening, onToggle: speechIn.toggle } : undefined
          }
        />
      }
    >
      <Stack spacing={1.5} data-testid="assistant-chat">
        {speechOut.isAvailable && (
          <FormControlLabel
            control={<Switch checked={speechOut.isOn} onChange={(event) => speechOut.setIsOn(event.target.checked)} />}
            label={t('recipientAssistant.readAloud')}
          />
        )}
        {speechIn.failure && (
          <Alert severity="warning" role="alert">
            {t(`recipientAssistant.speechFailed.${speechIn.failure}`)}
          </Alert>
        )}
        <Stack component="ol" spacing={1.5} aria-label={t('recipientAssistant.conversation')} sx={{ m: 0, p: 0 }}>
          <ChatBubble speaker="phil">{assistant.FirstMessage}</ChatBubble>
          <ChatBubble speaker="phil">{assistant.InitMessage}</ChatBubble>
          {completedAfter === 0 && completion}
          {chat.exchanges.map((exchange, index) => (
            // The list only grows, so an exchange keeps its place.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Fragment key={index}>
              <ChatBubble speaker="visitor">{exchange.question}</ChatBubble>
              <ChatBubble speaker="phil">
                <AnswerContent answer={exchange.answer} files={files} onShowPage={onShowPage} />
              </ChatBubble>
              {completedAfter === index + 1 && completion}
            </Fragment>
          ))}
          {chat.pending && (
            <>
              <ChatBubble speaker="visitor">{chat.pending.question}</ChatBubble>
              <ChatBubble speaker="phil" isBusy>
                <span data-testid="assistant-partial-answer">{chat.pending.text}</span>
                <Box
                  role="status"
                  sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: chat.pending.text ? 1 : 0 }}
                >
                  <CircularProgress size={16} aria-hidden />
                  <Typography variant="body2" color="text.secondary">
                    {t('recipientAssistant.writing')}
                  </Typography>
                </Box>
              </ChatBubble>
            </>
          )}
          {chat.failure && (
            <>
              <ChatBubble speaker="visitor">{chat.failure.question}</ChatBubble>
              <FailureItem failure={chat.failure} onRetry={() => void chat.ask(chat.failure?.question ?? '')} />
            </>
          )}
        </Stack>
        <div ref={endRef} />
        {/* The finished answer is read out once; the pieces as they come would be read over each other. */}
        <Box aria-live="polite" sx={visuallyHidden} data-testid="assistant-announcer">
          {announcement}
        </Box>
      </Stack>
    </AppDialog>
  );
}

/** Why the question got no answer, and "Try again" where trying again can help (not a limit or a closed link). */
function FailureItem({ failure, onRetry }: { failure: FailedAnswer; onRetry: () => void }) {
  const { t } = useTranslation();
  const { error } = failure;
  const canRetry = !(error instanceof ApiError) || isRetryable(error);
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Alert
        severity="error"
        role="alert"
        action={
          canRetry && (
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('recipientAssistant.tryAgain')}
            </Button>
          )
        }
      >
        {failure.message ?? t(error ? messageKeyOfFailure(error) : 'recipientAssistant.noAnswer')}
      </Alert>
    </Box>
  );
}
