import path from 'node:path';
import { createEmailSender } from '@signlink/providers/email/create-email-sender';
import { createTextMessageSender } from '@signlink/providers/text-messages/create-text-message-sender';
import { findMailboxEmail } from '@signlink/simulators/mailbox/find-mailbox-email';
import { createFolderMailbox } from '@signlink/simulators/mailbox/sim-mailbox';
import { type SmtpSimulator, startSmtpSimulator } from '@signlink/simulators/smtp/smtp-simulator';
import { createFolderTwilioMessageStore } from '@signlink/simulators/twilio/twilio-message-store';
import { type RunningTwilioSimulator, startTwilioSimulator } from '@signlink/simulators/twilio/twilio-simulator';
import { TwilioSimulatorControls } from '@signlink/simulators/twilio/twilio-simulator-controls';
import type { Config } from '../../config/config.ts';
import type { PublicUrls } from '../../config/public-urls.ts';
import { createOneSlotGate } from './hand-off-gate.ts';
import type { MessagingContext } from './messaging-context.ts';

/** Throwaway credentials the local Twilio stand-in accepts; it signs its callbacks with the token. */
export const simulatorTwilioAccount = {
  accountSid: `AC${'51'.repeat(16)}`,
  authToken: 'simulator-twilio-auth-token',
  smsFrom: 'Signlink',
  whatsappFrom: '+46700000000',
} as const;

export interface RunningMessaging {
  messaging: MessagingContext;
  smtpSimulator: SmtpSimulator | undefined;
  twilioSimulator: RunningTwilioSimulator | undefined;
  stop(): Promise<void>;
}

/**
 * Opens the messaging providers the configuration names. With simulators on and no real provider set,
 * an SMTP server and a Twilio-shaped API start on loopback, so the real SMTP and Twilio clients run in
 * development and tests, and everything they receive lands in the developer mailbox (one folder for all
 * processes that share the data folder).
 */
export async function startMessaging(input: {
  config: Pick<Config, 'email' | 'textMessages' | 'simulators' | 'simulatorDir'>;
  publicUrls: PublicUrls;
}): Promise<RunningMessaging> {
  const { config, publicUrls } = input;
  const devMailbox = config.simulators ? createFolderMailbox(path.join(config.simulatorDir, 'mailbox')) : undefined;
  let smtpSimulator: SmtpSimulator | undefined;
  let twilioSimulator: RunningTwilioSimulator | undefined;
  try {
    let email: MessagingContext['email'];
    if (config.email?.driver === 'smtp') email = createEmailSender({ driver: 'smtp', url: config.email.url });
    else if (config.email?.driver === 'simulator' && devMailbox) {
      smtpSimulator = await startSmtpSimulator({ mailbox: devMailbox });
      // The simulated provider keeps what it took, so a retry after a crash can ask it, as it can ask Twilio.
      email = {
        ...createEmailSender({ driver: 'smtp', url: smtpSimulator.url }),
        findSent: (sought) => findMailboxEmail(devMailbox, sought),
      };
    }

    let textMessages: MessagingContext['textMessages'];
    let textMessageWebhookToken: string | undefined;
    if (config.textMessages?.driver === 'twilio') {
      const { driver: _driver, whatsappFrom, ...twilio } = config.textMessages;
      textMessages = createTextMessageSender({
        driver: 'twilio',
        ...twilio,
        ...(whatsappFrom ? { whatsappFrom } : {}),
      });
      textMessageWebhookToken = twilio.authToken;
    } else if (config.textMessages?.driver === 'simulator' && devMailbox) {
      // Beside the mailbox, so that after a crash any process's simulator can tell what was already sent.
      const messages = createFolderTwilioMessageStore(path.join(config.simulatorDir, 'twilio'));
      twilioSimulator = await startTwilioSimulator({
        ...simulatorTwilioAccount,
        mailbox: devMailbox,
        controls: new TwilioSimulatorControls({ messages }),
      });
      textMessages = createTextMessageSender({
        driver: 'twilio',
        apiUrl: twilioSimulator.url,
        ...simulatorTwilioAccount,
      });
      textMessageWebhookToken = simulatorTwilioAccount.authToken;
    }

    const messaging: MessagingContext = {
      email,
      textMessages,
      textMessageWebhookToken,
      publicUrls,
      handOffGate: createOneSlotGate(),
      devMailbox,
    };
    return {
      messaging,
      smtpSimulator,
      twilioSimulator,
      async stop() {
        await email?.close();
        await smtpSimulator?.close();
        await twilioSimulator?.close();
      },
    };
  } catch (error) {
    await smtpSimulator?.close();
    await twilioSimulator?.close();
    throw error;
  }
}
