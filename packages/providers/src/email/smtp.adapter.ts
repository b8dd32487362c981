import { createTransport, type NodemailerError, type SMTPPoolSentMessageInfo } from 'nodemailer';
import { DeliveryError } from '../messaging/delivery-error.ts';
import type { EmailSender, OutgoingEmail } from './email.port.ts';

export interface SmtpEmailSenderConfig {
  /** `smtp://host:587` or `smtps://user:pass@host:465`; user and password percent-encoded. */
  url: string;
  /** Connecting and waiting for the greeting, each. */
  connectionTimeoutMs?: number;
  /** Silence allowed on an open connection, e.g. while the server takes the message after DATA. */
  socketTimeoutMs?: number;
}

// nodemailer waits 2 minutes to connect and 10 for a silent socket; a delivery job retries anyway, so it should
// find out sooner that a server is not there.
const DEFAULT_CONNECTION_TIMEOUT_MS = 10_000;
const DEFAULT_SOCKET_TIMEOUT_MS = 60_000;

/** nodemailer codes for a connection that failed or went away, and Node's own when they come through bare. */
const CONNECTION_CODES = new Set([
  'ECONNECTION',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'EPROXY',
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * Reads a nodemailer error as a delivery outcome. Only the server's reply to the message can make a failure
 * permanent; whatever an operator can fix (a server that is down, slow, or refuses our credentials) is transient,
 * so the message waits for the fix instead of failing for good.
 */
export function toDeliveryError(error: unknown): DeliveryError {
  if (error instanceof DeliveryError) return error;
  const e = error as NodemailerError;
  const code = e.code;
  const detail = e.response ?? e.message;

  // Checked before the reply code: a refused login comes with 535, which is about our configuration, not the message.
  if (code === 'EAUTH' || code === 'ENOAUTH') {
    const providerCode = e.responseCode !== undefined ? String(e.responseCode) : code;
    return new DeliveryError({
      permanent: false,
      reason: `SMTP authentication failed: ${detail}`,
      providerCode,
      cause: e,
    });
  }
  if (typeof e.responseCode === 'number') {
    // RFC 5321 §4.2.1: 5yz is a permanent, 4yz a transient refusal. 503 "bad sequence of commands" is about the
    // state of the session, not the message, so another connection may take it (nodemailer reads it the same way).
    const permanent = e.responseCode >= 500 && e.responseCode !== 503;
    return new DeliveryError({ permanent, reason: detail, providerCode: String(e.responseCode), cause: e });
  }
  if (code === 'ETIMEDOUT') {
    // A timeout after DATA may come after the server took the message; the retry carries the same Message-ID.
    return new DeliveryError({
      permanent: false,
      reason: `SMTP server timed out: ${e.message}`,
      providerCode: code,
      cause: e,
    });
  }
  if (code && CONNECTION_CODES.has(code)) {
    const providerCode = e.originalCode ?? code;
    return new DeliveryError({
      permanent: false,
      reason: `SMTP server unreachable: ${e.message}`,
      providerCode,
      cause: e,
    });
  }
  if (code === 'EENVELOPE') {
    // Without a reply code, nodemailer refused the addresses itself, before sending: a retry cannot help.
    return new DeliveryError({
      permanent: true,
      reason: `Invalid e-mail address: ${e.message}`,
      providerCode: code,
      cause: e,
    });
  }
  return new DeliveryError({
    permanent: false,
    reason: `SMTP delivery failed: ${e.message}`,
    ...(code !== undefined && { providerCode: code }),
    cause: e,
  });
}

export function createSmtpEmailSender(config: SmtpEmailSenderConfig): EmailSender {
  const connectionTimeout = config.connectionTimeoutMs ?? DEFAULT_CONNECTION_TIMEOUT_MS;
  // Keys the URL also sets (host, port, secure, auth) come from the URL.
  const transporter = createTransport({
    url: config.url,
    pool: true,
    maxConnections: 3,
    connectionTimeout,
    greetingTimeout: connectionTimeout,
    socketTimeout: config.socketTimeoutMs ?? DEFAULT_SOCKET_TIMEOUT_MS,
  });

  return {
    async send(email: OutgoingEmail) {
      let info: SMTPPoolSentMessageInfo;
      try {
        info = await transporter.sendMail({
          from: email.from,
          to: email.to,
          ...(email.replyTo !== undefined && { replyTo: email.replyTo }),
          subject: email.subject,
          text: email.text,
          html: email.html,
          messageId: `<${email.messageId}>`,
          headers: { 'Content-Language': email.language, ...email.headers },
          ...(email.attachments?.length && {
            attachments: email.attachments.map((file) => ({
              filename: file.filename,
              contentType: file.contentType,
              content: Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength),
            })),
          }),
        });
      } catch (error) {
        throw toDeliveryError(error);
      }
      // Only possible with several addresses in `to` (one refused throws above): the others have the message and
      // a retry would send it to them again, so the refusal is final whatever its code.
      if (info.rejected.length > 0) {
        const refusal = info.rejectedErrors?.[0];
        throw new DeliveryError({
          permanent: true,
          reason: refusal?.response ?? `Recipient refused: ${info.rejected.join(', ')}`,
          ...(refusal?.responseCode !== undefined && { providerCode: String(refusal.responseCode) }),
        });
      }
      return { providerMessageId: email.messageId, response: info.response };
    },

    async check() {
      try {
        await transporter.verify();
      } catch (error) {
        throw toDeliveryError(error);
      }
    },

    async close() {
      transporter.close();
    },
  };
}
