export type TextChannel = 'sms' | 'whatsapp';

export interface OutgoingTextMessage {
  channel: TextChannel;
  /** E.164, e.g. +46701234567; the adapter adds any channel prefix (`whatsapp:`). */
  to: string;
  body: string;
  /** Where the provider reports delivery status changes (Twilio `StatusCallback`). */
  statusCallbackUrl?: string;
}

/** Provider statuses as Twilio names them. */
export type TextMessageStatus =
  | 'accepted'
  | 'queued'
  | 'sending'
  | 'sent'
  | 'delivered'
  | 'undelivered'
  | 'failed'
  | 'read'
  | 'scheduled'
  | 'canceled';

export interface TextMessageResult {
  /** Twilio's message `sid`. */
  providerMessageId: string;
  status: TextMessageStatus;
}

/** Sends SMS and WhatsApp messages; failures are thrown as `DeliveryError`, transient or permanent. */
export interface TextMessageSender {
  send(message: OutgoingTextMessage): Promise<TextMessageResult>;
  /**
   * A message with this body already sent to this number since `since`, if the provider has one: after a
   * worker died between the provider's reply and our commit, the retry finds it instead of sending twice.
   */
  findSent(input: {
    channel: TextChannel;
    to: string;
    body: string;
    since: Date;
  }): Promise<TextMessageResult | undefined>;
}
