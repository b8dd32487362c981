import type { EmailSender } from '@signlink/providers/email/email.port';
import type { TextMessageSender } from '@signlink/providers/text-messages/text-message.port';
import type { SimMailbox } from '@signlink/simulators/mailbox/sim-mailbox';
import type { PublicUrls } from '../../config/public-urls.ts';
import type { HandOffGate } from './hand-off-gate.ts';

/** The providers and addresses messaging works with, opened once at start-up (start-messaging.ts). */
export interface MessagingContext {
  /** Absent when no SMTP server is configured and simulators are off: e-mail is then refused before queuing. */
  email: EmailSender | undefined;
  /** Absent when Twilio is not configured and simulators are off: texts are then refused before queuing. */
  textMessages: TextMessageSender | undefined;
  /** Twilio's auth token, which signs its status callbacks (X-Twilio-Signature). */
  textMessageWebhookToken: string | undefined;
  publicUrls: PublicUrls;
  /**
   * One per process (whatever its job concurrency): hand-offs to a provider that cannot be asked afterwards what
   * it took pass it one at a time, so a crash repeats at most one message.
   */
  handOffGate: HandOffGate;
  /** What the simulators received, for the developer mailbox; only when simulators are on. */
  devMailbox: SimMailbox | undefined;
}

declare module '../../jobs/job-definition.ts' {
  interface JobServices {
    messaging: MessagingContext;
  }
}
