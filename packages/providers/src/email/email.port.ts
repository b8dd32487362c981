/** One e-mail, rendered and ready: the port neither renders nor retries. */
export interface OutgoingEmail {
  /** `Name <address>`: the brand's sender. */
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /**
   * RFC 5322 Message-ID without angle brackets, derived from our message id, so a retried delivery
   * carries the same id and mail systems can recognise the duplicate.
   */
  messageId: string;
  /** BCP 47 language of the body (Content-Language header). */
  language: string;
  /** Extra headers, e.g. `X-Signlink-Message`. */
  headers?: Record<string, string>;
  /** Files sent as MIME attachments (the sealed PDF); the caller keeps them to a size mail servers take. */
  attachments?: EmailAttachment[];
}

export interface EmailAttachment {
  /** The name the recipient's mail program shows and saves under; any Unicode. */
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface EmailSendResult {
  /** The Message-ID as sent. */
  providerMessageId: string;
  /** The server's final reply, e.g. `250 2.0.0 OK queued as 1234`. */
  response: string;
}

/** Sends e-mail; failures are thrown as `DeliveryError` (messaging/delivery-error.ts), transient or permanent. */
export interface EmailSender {
  send(email: OutgoingEmail): Promise<EmailSendResult>;
  /**
   * The e-mail with this Message-ID the provider already took, if it can tell: after a worker died between the
   * hand-off and recording it, the retry finds it instead of sending twice. Absent where the provider cannot be
   * asked (plain SMTP): callers then keep at most one e-mail in that window at a time.
   */
  findSent?(input: { messageId: string; to: string }): Promise<{ providerMessageId: string } | undefined>;
  /** Connects and authenticates without sending, for health checks and start-up. */
  check(): Promise<void>;
  close(): Promise<void>;
}
