/** A message as the simulator keeps it; `presentMessage` turns it into Twilio's JSON. */
export interface SimTwilioMessage {
  sid: string;
  accountSid: string;
  /** As Twilio shows it: `+4670…`, or `whatsapp:+4670…`. */
  to: string;
  /** Null while a Messaging Service has not yet picked a sender (Twilio's own behaviour). */
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  status: string;
  dateCreated: Date;
  dateUpdated: Date;
  dateSent: Date | null;
  errorCode: number | null;
  errorMessage: string | null;
  statusCallback?: string;
  /** The developer mailbox's id for the same message. */
  mailboxId: string;
}

export const API_VERSION = '2010-04-01';

export function messageUri(accountSid: string, sid: string): string {
  return `/${API_VERSION}/Accounts/${accountSid}/Messages/${sid}.json`;
}

/** Twilio writes dates as RFC 2822 with a numeric zone: `Thu, 30 Jul 2015 20:12:31 +0000`. */
export function rfc2822(date: Date): string {
  return date.toUTCString().replace('GMT', '+0000');
}

export function presentMessage(message: SimTwilioMessage) {
  const uri = messageUri(message.accountSid, message.sid);
  return {
    account_sid: message.accountSid,
    api_version: API_VERSION,
    body: message.body,
    date_created: rfc2822(message.dateCreated),
    date_sent: message.dateSent ? rfc2822(message.dateSent) : null,
    date_updated: rfc2822(message.dateUpdated),
    direction: 'outbound-api',
    error_code: message.errorCode,
    error_message: message.errorMessage,
    from: message.from,
    messaging_service_sid: message.messagingServiceSid,
    // Twilio sends these two counts as strings.
    num_media: '0',
    num_segments: String(countSegments(message.body)),
    price: null,
    price_unit: 'USD',
    sid: message.sid,
    status: message.status,
    subresource_uris: { media: uri.replace(/\.json$/, '/Media.json') },
    to: message.to,
    uri,
  };
}

/** Twilio's error body; `more_info` points at the code's page as the real one does. */
export function twilioErrorBody(status: number, code: number, message: string) {
  return { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status };
}

/** `DateSent`, `DateSent>` (on or after) and `DateSent<` (on or before), each a UTC day as YYYY-MM-DD. */
export function dateSentFilter(query: Record<string, string | undefined>): ((sent: Date | null) => boolean) | string {
  const tests: ((sent: Date) => boolean)[] = [];
  for (const [key, compare] of [
    ['DateSent', (sent: Date, day: number) => sent.getTime() >= day && sent.getTime() < day + 86_400_000],
    ['DateSent>', (sent: Date, day: number) => sent.getTime() >= day],
    ['DateSent<', (sent: Date, day: number) => sent.getTime() < day + 86_400_000],
  ] as const) {
    const value = query[key];
    if (value === undefined) continue;
    const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
    if (Number.isNaN(day)) return `Invalid ${key}: ${value}`;
    tests.push((sent) => compare(sent, day));
  }
  // A message not yet sent has no date_sent, so any DateSent filter leaves it out, as on Twilio.
  return (sent) => tests.length === 0 || (sent !== null && tests.every((test) => test(sent)));
}

const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENSION = new Set('\f^{}\\[~]|€');

/**
 * SMS segments as carriers bill them: GSM-7 text fits 160 characters in one segment and 153 per segment when split
 * (extension characters such as € take two); anything else is UCS-2, 70 and 67 UTF-16 units.
 */
export function countSegments(body: string): number {
  let gsmUnits = 0;
  for (const char of body) {
    if (GSM_BASIC.has(char)) gsmUnits += 1;
    else if (GSM_EXTENSION.has(char)) gsmUnits += 2;
    else return body.length <= 70 ? 1 : Math.ceil(body.length / 67);
  }
  return gsmUnits <= 160 ? 1 : Math.ceil(gsmUnits / 153);
}
