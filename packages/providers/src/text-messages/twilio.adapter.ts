import { DeliveryError } from '../messaging/delivery-error.ts';
import type {
  OutgoingTextMessage,
  TextChannel,
  TextMessageResult,
  TextMessageSender,
  TextMessageStatus,
} from './text-message.port.ts';

export interface TwilioTextMessageConfig {
  /** Twilio's REST API origin; the simulator's URL in development and tests. */
  apiUrl?: string;
  accountSid: string;
  authToken: string;
  /** A phone number, an alphanumeric sender id, or a Messaging Service SID (`MG…`). */
  smsFrom: string;
  /** The E.164 number of the WhatsApp sender; without it WhatsApp messages fail permanently. */
  whatsappFrom?: string;
  /** Per request, connection and response body included. */
  timeoutMs?: number;
}

/** The fields of Twilio's Message resource that we read. */
interface TwilioMessage {
  sid: string;
  status: TextMessageStatus;
  body: string | null;
  date_created: string | null;
}

const DEFAULT_API_URL = 'https://api.twilio.com';
const DEFAULT_TIMEOUT_MS = 10_000;
// Twilio's default and our one page: findSent looks at one recipient's messages since a recent moment.
const FIND_SENT_PAGE_SIZE = '50';

export function createTwilioTextMessageSender(config: TwilioTextMessageConfig): TextMessageSender {
  const apiUrl = (config.apiUrl ?? DEFAULT_API_URL).replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const messagesUrl = `${apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;

  async function callTwilio(url: string, body?: URLSearchParams): Promise<unknown> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: body ? 'POST' : 'GET',
        headers: { authorization, accept: 'application/json' },
        // A URLSearchParams body is sent as application/x-www-form-urlencoded;charset=UTF-8.
        ...(body ? { body } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw unreachable(error, timeoutMs);
    }
    if (!response.ok) throw twilioError(response.status, text);
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new DeliveryError({
        permanent: false,
        reason: `Twilio answered ${response.status} without JSON`,
        cause: error,
      });
    }
  }

  const fromFields = (channel: TextChannel): Record<string, string> => {
    if (channel === 'whatsapp') {
      if (!config.whatsappFrom) throw new DeliveryError({ permanent: true, reason: 'WhatsApp sender not configured' });
      return { From: `whatsapp:${config.whatsappFrom}` };
    }
    // Twilio picks a number from the Messaging Service's sender pool when given its SID instead of a From.
    return config.smsFrom.startsWith('MG') ? { MessagingServiceSid: config.smsFrom } : { From: config.smsFrom };
  };

  const senderOf = (channel: TextChannel): string | undefined => {
    if (channel === 'whatsapp') return config.whatsappFrom && `whatsapp:${config.whatsappFrom}`;
    return config.smsFrom.startsWith('MG') ? undefined : config.smsFrom;
  };

  return {
    async send(message: OutgoingTextMessage): Promise<TextMessageResult> {
      const form = new URLSearchParams({
        To: addressOf(message.channel, message.to),
        ...fromFields(message.channel),
        Body: message.body,
      });
      if (message.statusCallbackUrl) form.set('StatusCallback', message.statusCallbackUrl);
      const created = asMessage(await callTwilio(messagesUrl, form));
      if (!created) throw new DeliveryError({ permanent: false, reason: 'Twilio answered without a message sid' });
      return { providerMessageId: created.sid, status: created.status };
    },

    async findSent({ channel, to, body, since }) {
      // No `DateSent>` filter: `date_sent` stays empty while Twilio still queues a message, and a retry in that
      // window would miss it and send a second copy. The newest page for this number, filtered here, finds it.
      const query = new URLSearchParams({ To: addressOf(channel, to), PageSize: FIND_SENT_PAGE_SIZE });
      // Twilio filters by To, From and DateSent only. Our sender narrows the page to what we sent, unless a Messaging
      // Service picks the sender (From is then one of its numbers, unknown here).
      const from = senderOf(channel);
      if (from) query.set('From', from);
      const page = (await callTwilio(`${messagesUrl}?${query}`)) as { messages?: unknown[] } | null;
      // Twilio's dates have whole seconds: a message created in the same second as `since` must still count.
      const sinceSecond = Math.floor(since.getTime() / 1000) * 1000;
      for (const item of page?.messages ?? []) {
        const message = asMessage(item);
        if (!message || message.body !== body || !message.date_created) continue;
        if (Date.parse(message.date_created) >= sinceSecond) {
          return { providerMessageId: message.sid, status: message.status };
        }
      }
      return undefined;
    },
  };
}

function addressOf(channel: TextChannel, to: string): string {
  return channel === 'whatsapp' ? `whatsapp:${to}` : to;
}

function asMessage(value: unknown): TwilioMessage | undefined {
  const candidate = value as Partial<TwilioMessage> | null;
  if (typeof candidate?.sid !== 'string') return undefined;
  return {
    sid: candidate.sid,
    status: candidate.status ?? 'queued',
    body: candidate.body ?? null,
    date_created: candidate.date_created ?? null,
  };
}

/**
 * Only Twilio's verdict on the message itself (a 4xx carrying an error code: bad or unsubscribed number,
 * WhatsApp session closed) is permanent. Credentials (401/403) are the operator's to fix, and messages must wait
 * for that rather than be dropped; 429, 5xx and 4xx replies that are not Twilio's (a proxy, a wrong apiUrl) may pass.
 */
/** Errors about our own setup (sender number, service, path), not the recipient: messages wait for the fix. */
const operatorSetupCodes = new Set(['20404', '21212', '21606', '21659']);

function twilioError(status: number, text: string): DeliveryError {
  let body: { code?: unknown; message?: unknown } = {};
  try {
    body = (JSON.parse(text) as typeof body | null) ?? {};
  } catch {
    // Not Twilio's JSON error: judged on the status alone.
  }
  const code = typeof body.code === 'number' || typeof body.code === 'string' ? String(body.code) : undefined;
  const message = typeof body.message === 'string' ? body.message : text.slice(0, 200);
  const detail = code ? `Twilio ${code}: ${message}` : `Twilio HTTP ${status}: ${message}`;
  const providerCode = code ?? String(status);
  if (status === 401 || status === 403) {
    const reason = `Twilio refused the account SID or auth token (HTTP ${status}); messages wait until the credentials are fixed. ${detail}`;
    return new DeliveryError({ permanent: false, reason, providerCode });
  }
  const isVerdictOnMessage =
    status >= 400 && status < 500 && status !== 429 && code !== undefined && !operatorSetupCodes.has(code);
  return new DeliveryError({ permanent: isVerdictOnMessage, reason: detail, providerCode });
}

function unreachable(error: unknown, timeoutMs: number): DeliveryError {
  const failure = error as Error & { cause?: { code?: string; message?: string } };
  if (failure.name === 'TimeoutError') {
    return new DeliveryError({
      permanent: false,
      reason: `Twilio unreachable: no answer within ${timeoutMs} ms`,
      cause: error,
    });
  }
  // fetch reports every network failure as "fetch failed"; the useful part (ECONNREFUSED, ENOTFOUND…) is the cause.
  const code = failure.cause?.code;
  const detail = failure.cause?.message ?? failure.message;
  return new DeliveryError({
    permanent: false,
    reason: `Twilio unreachable: ${detail}`,
    cause: error,
    ...(code ? { providerCode: code } : {}),
  });
}
