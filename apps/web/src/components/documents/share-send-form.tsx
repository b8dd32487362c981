import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { ShareChannel } from '@signlink/contracts/documents/share-document';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context.tsx';
import { createDocumentsApi } from '../../api/documents-api.ts';
import { FormError } from '../forms/form-error.tsx';

/**
 * One party's link sent by the service to a typed e-mail address or phone (`POST linktinker/errands/{id}/share`).
 * The server validates the address and says why it did not send (bad address, no SMS add-on, too many shares).
 */
export function ShareSendForm({
  documentId,
  signatureIndex,
  channel,
}: {
  documentId: string;
  signatureIndex: number;
  channel: ShareChannel;
}) {
  const { t } = useTranslation();
  const api = createDocumentsApi(useApiClient());
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setSentTo(null);
    setError(null);
    try {
      setSentTo((await api.share(documentId, { signatureIndex, channel, to })).to);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ mt: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          fullWidth
          type={channel === 'email' ? 'email' : 'tel'}
          label={t(channel === 'email' ? 'share.emailTo' : 'share.phoneTo')}
          value={to}
          onChange={(event) => setTo(event.target.value)}
          autoComplete="off"
        />
        <Button
          type="submit"
          variant="outlined"
          size="small"
          disabled={busy || to.trim() === ''}
          sx={{ flexShrink: 0, minHeight: 40 }}
        >
          {t(channel === 'email' ? 'share.email' : 'share.sms')}
        </Button>
      </Box>
      {sentTo && (
        <Alert severity="success" role="status" sx={{ mt: 1 }}>
          {t('share.sentTo', { to: sentTo })}
        </Alert>
      )}
      {error ? (
        <Box sx={{ mt: 1 }}>
          <FormError error={error} />
        </Box>
      ) : null}
    </Box>
  );
}
