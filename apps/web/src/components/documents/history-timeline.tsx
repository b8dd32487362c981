import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type Currency, currencies } from '@signlink/contracts/constants';
import type { historyEventTypes } from '@signlink/contracts/documents/documents';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import type { Locale } from '@signlink/contracts/locales';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { HistoryEvent } from '../../api/documents-api.ts';
import { currentLocale } from '../../i18n/create-app-i18n.ts';
import { formatDateTime } from './format-date.ts';

type HistoryType = (typeof historyEventTypes)[number];

/** Green for what moved the document forward, red for what stopped or failed it, grey for the rest. */
const eventColours: Partial<Record<HistoryType, string>> = {
  signed: 'success.main',
  paid: 'success.main',
  'completed-and-sealed': 'success.main',
  withdrawn: 'error.main',
  'automatic-expiration': 'error.main',
  'delivery-failed': 'error.main',
  deleted: 'error.main',
  sent: 'primary.main',
  created: 'primary.main',
};

const channels = ['email', 'sms', 'whatsapp'] as const;
type Channel = (typeof channels)[number];
const isChannel = (value: unknown): value is Channel => channels.some((known) => known === value);

/** The channels a message went on: one (`channel`) or several (`channels`, an invitation by e-mail and SMS). */
function channelsOf(details: Record<string, unknown>): Channel[] {
  const listed = Array.isArray(details.channels) ? details.channels : [details.channel];
  return listed.filter(isChannel);
}

/** An old and a new contact, when a correction changed it: "old → new". */
function changeOf(previous: unknown, next: unknown): string | null {
  return typeof next === 'string' && next && previous !== next
    ? `${typeof previous === 'string' && previous ? previous : '–'} → ${next}`
    : null;
}

/**
 * What an event's details add that a person can read (document.presenter.ts lists the keys the server shows): the
 * channels a message went on, a corrected contact, the new access level.
 */
function detailsOf(event: HistoryEvent, t: TFunction, locale: Locale): string[] {
  const { Details: details } = event;
  const parts = [
    channelsOf(details)
      .map((channel) => t(`documents.channels.${channel}`))
      .join(', '),
  ];
  if (event.Type === 'contact-corrected') {
    parts.push(
      changeOf(details.previousEmail, details.email) ?? '',
      changeOf(details.previousPhone, details.phone) ?? '',
    );
  }
  if (
    event.Type === 'access-level-changed' &&
    (details.accessLevel === 'shared' || details.accessLevel === 'private')
  ) {
    parts.push(t(`history.access.${details.accessLevel}`));
  }
  // How the party signed, as the audit trail says it: BankID, or an e-signature drawn or typed (issue 22).
  if (event.Type === 'signed' && details.method === 'bankid') parts.push(t('history.signedWith.bankid'));
  if (event.Type === 'signed' && (details.appearance === 'drawn' || details.appearance === 'typed')) {
    parts.push(t(`history.signedWith.${details.appearance}`));
  }
  // A signature made through a party's link from a browser someone was signed in to says whose (issue 20).
  if (event.Type === 'signed' && typeof details.signedInAs === 'string') {
    parts.push(t('history.signedInAs', { email: details.signedInAs }));
  }
  // A Sign & Pay payment as its audit trail names it (issue 25): amount, VAT, the provider's id.
  if (
    (event.Type === 'paid' || event.Type === 'payment-refunded') &&
    typeof details.amountMinor === 'number' &&
    isCurrency(details.currency)
  ) {
    parts.push(formatMoney(details.amountMinor, details.currency, locale));
    if (typeof details.vatMinor === 'number' && typeof details.vatPercent === 'number') {
      const vat = formatMoney(details.vatMinor, details.currency, locale);
      parts.push(t('history.paymentVat', { percent: details.vatPercent, amount: vat }));
    }
    if (typeof details.providerPaymentId === 'string') {
      parts.push(t('history.paymentId', { id: details.providerPaymentId }));
    }
  }
  return parts.filter(Boolean);
}

const isCurrency = (value: unknown): value is Currency => currencies.some((known) => known === value);

/** The event's name; handled says which way it went. */
export function labelOf(event: HistoryEvent, t: TFunction): string {
  if (event.Type === 'handled' && typeof event.Details.handled === 'boolean') {
    return t(event.Details.handled ? 'history.handledOn' : 'history.handledOff');
  }
  return t(`history.types.${event.Type}`);
}

/**
 * A document's history (SPEC section 4's events and the actions of section 7), oldest first as it happened; each
 * time is the server's UTC instant shown in the reader's language and time zone.
 */
export function HistoryTimeline({ events, headingId }: { events: readonly HistoryEvent[]; headingId: string }) {
  const { t, i18n } = useTranslation();
  if (events.length === 0) return <Typography color="text.secondary">{t('history.none')}</Typography>;
  return (
    <Box component="ol" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {events.map((event, index) => {
        const details = detailsOf(event, t, currentLocale(i18n));
        const isLast = index === events.length - 1;
        return (
          <Box
            component="li"
            // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at its end; two events may share type and time
            key={`${event.Type}-${event.At}-${index}`}
            sx={{ position: 'relative', pl: 3.5, pb: isLast ? 0 : 2.25 }}
          >
            {/* The line between the dots, drawn by each item down to the next one. */}
            {!isLast && (
              <Box
                aria-hidden
                sx={{ position: 'absolute', left: 7, top: 14, bottom: 0, width: 2, bgcolor: 'divider' }}
              />
            )}
            <Box
              aria-hidden
              sx={{
                position: 'absolute',
                left: 2,
                top: 5,
                width: 12,
                height: 12,
                borderRadius: '50%',
                bgcolor: eventColours[event.Type] ?? 'grey.500',
              }}
            />
            <Typography sx={{ fontWeight: 600, lineHeight: 1.4 }}>
              {labelOf(event, t)}
              {event.PartyName && (
                <Typography component="span" sx={{ fontWeight: 400 }}>
                  {' · '}
                  {event.PartyName}
                </Typography>
              )}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <time dateTime={event.At}>{formatDateTime(event.At, i18n.language)}</time>
              {details.map((detail) => ` · ${detail}`).join('')}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
