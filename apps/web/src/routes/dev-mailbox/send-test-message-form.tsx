import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BrandId } from '@signlink/brands/brand-config';
import { brands } from '@signlink/brands/brands';
import { isLocale, type Locale, locales } from '@signlink/contracts/locales';
import type { MessageChannel, MessageKind } from '@signlink/contracts/messaging/message-kinds';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../brand/brand-context.tsx';
import { currentLocale } from '../../i18n/create-app-i18n.ts';
import { channelsFor, isMessageChannel, isMessageKind, testMessageKinds } from './message-options.ts';
import { failureText, useSendTestMessage } from './use-dev-messages.ts';

const brandOf = (value: string) => brands.find((brand) => brand.id === value)?.id;

/** Sends an example of any message through the real messaging path, so every template can be looked at. */
export function SendTestMessageForm() {
  const { t, i18n } = useTranslation();
  const brand = useBrand();
  const [kind, setKind] = useState<MessageKind>('document-invitation');
  const [channel, setChannel] = useState<MessageChannel>('email');
  const [to, setTo] = useState('');
  // The page's language until another is picked: the example usually should read like the page.
  const [chosenLocale, setChosenLocale] = useState<Locale | null>(null);
  const locale = chosenLocale ?? currentLocale(i18n);
  const [brandId, setBrandId] = useState<BrandId>(brand.id);
  const send = useSendTestMessage();
  const headingId = useId();
  const allowedChannels = channelsFor(kind);
  const isEmail = channel === 'email';

  const changeKind = (next: MessageKind) => {
    setKind(next);
    if (!channelsFor(next).includes(channel)) setChannel('email');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({ kind, channel, to: to.trim(), locale, brand: brandId });
  };
  const field = { select: true, fullWidth: true, size: 'small', slotProps: { select: { native: true } } } as const;

  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.125rem', mb: 2 }}>
        {t('devMailbox.send.heading')}
      </Typography>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        <TextField
          {...field}
          label={t('devMailbox.send.kind')}
          value={kind}
          onChange={(event) => isMessageKind(event.target.value) && changeKind(event.target.value)}
        >
          {testMessageKinds.map((value) => (
            <option key={value} value={value}>
              {t(`devMailbox.kinds.${value}`)}
            </option>
          ))}
        </TextField>
        <TextField
          {...field}
          label={t('devMailbox.send.channel')}
          value={channel}
          onChange={(event) => isMessageChannel(event.target.value) && setChannel(event.target.value)}
          helperText={allowedChannels.length === 1 ? t('devMailbox.send.emailOnly') : undefined}
        >
          {allowedChannels.map((value) => (
            <option key={value} value={value}>
              {t(`devMailbox.channels.${value}`)}
            </option>
          ))}
        </TextField>
        <TextField
          fullWidth
          size="small"
          required
          label={t(isEmail ? 'devMailbox.send.toEmail' : 'devMailbox.send.toPhone')}
          placeholder={isEmail ? 'someone@example.com' : '+46701234567'}
          type={isEmail ? 'email' : 'tel'}
          autoComplete="off"
          value={to}
          onChange={(event) => {
            setTo(event.target.value);
            // The last answer was about the previous address.
            if (!send.isPending) send.reset();
          }}
          error={send.isError}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            {...field}
            label={t('devMailbox.send.language')}
            value={locale}
            onChange={(event) => isLocale(event.target.value) && setChosenLocale(event.target.value)}
          >
            {locales.map((value) => (
              <option key={value} value={value}>
                {t(`language.names.${value}`)}
              </option>
            ))}
          </TextField>
          <TextField
            {...field}
            label={t('devMailbox.send.brand')}
            value={brandId}
            onChange={(event) => setBrandId(brandOf(event.target.value) ?? brandId)}
          >
            {brands.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </TextField>
        </Box>
        {send.isError && (
          <Alert severity="error" role="alert">
            {failureText(send.error, t)}
          </Alert>
        )}
        {send.isSuccess && (
          <Alert severity="success" role="status">
            {t('devMailbox.send.sent')}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={send.isPending || !to.trim()}>
            {t(send.isPending ? 'devMailbox.send.sending' : 'devMailbox.send.submit')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
