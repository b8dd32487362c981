import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import type { WebhookEndpoint } from '@signlink/contracts/developer/webhook-endpoints';
import { type WebhookEvent, webhookEvents } from '@signlink/contracts/developer/webhooks';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { FormError } from '../../../components/forms/form-error.tsx';

export interface WebhookFormValues {
  Url: string;
  Events: WebhookEvent[];
}

/**
 * Adding or editing an endpoint: its address and the events it receives. The server's guard decides whether the
 * address may be used (it resolves the name), so its refusal is shown here, under the fields.
 */
export function WebhookFormDialog({
  endpoint,
  onSubmit,
  onClose,
}: {
  /** Absent: a new endpoint. */
  endpoint?: WebhookEndpoint;
  onSubmit: (values: WebhookFormValues) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const eventsLabelId = useId();
  const [url, setUrl] = useState(endpoint?.Url ?? '');
  const [events, setEvents] = useState<WebhookEvent[]>(endpoint?.Events ?? ['completed']);
  const [isProcessing, setIsProcessing] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const hasNoEvents = events.length === 0;

  const toggle = (event: WebhookEvent, isChecked: boolean) =>
    setEvents((current) =>
      isChecked ? webhookEvents.filter((e) => e === event || current.includes(e)) : current.filter((e) => e !== event),
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (hasNoEvents || !url.trim()) return;
    setIsProcessing(true);
    setFailure(null);
    try {
      await onSubmit({ Url: url.trim(), Events: events });
    } catch (error) {
      setFailure(error);
      setIsProcessing(false);
    }
  };

  return (
    <FormDialog
      title={t(endpoint ? 'webhooks.editTitle' : 'webhooks.addTitle')}
      intro={t(endpoint ? 'webhooks.editIntro' : 'webhooks.addIntro')}
      submitLabel={t(endpoint ? 'webhooks.editSubmit' : 'webhooks.addSubmit')}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      isProcessing={isProcessing}
      isSubmitDisabled={hasNoEvents || !url.trim()}
      isFullScreenOnPhone
    >
      <TextField
        label={t('webhooks.url')}
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        required
        fullWidth
        type="url"
        helperText={t('webhooks.urlHelp')}
        slotProps={{ htmlInput: { maxLength: 2000, spellCheck: false } }}
      />
      <FormControl component="fieldset" error={hasNoEvents}>
        <FormLabel component="legend" id={eventsLabelId}>
          {t('webhooks.events')}
        </FormLabel>
        <FormGroup aria-labelledby={eventsLabelId}>
          {webhookEvents.map((event) => (
            <FormControlLabel
              key={event}
              control={
                <Checkbox checked={events.includes(event)} onChange={(_e, isChecked) => toggle(event, isChecked)} />
              }
              label={t(`webhooks.event.${event}`)}
            />
          ))}
        </FormGroup>
        {hasNoEvents && <FormHelperText>{t('webhooks.eventsHelp')}</FormHelperText>}
      </FormControl>
      {failure ? <FormError error={failure} /> : null}
    </FormDialog>
  );
}
