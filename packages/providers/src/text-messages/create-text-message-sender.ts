import type { TextMessageSender } from './text-message.port.ts';
import { createTwilioTextMessageSender, type TwilioTextMessageConfig } from './twilio.adapter.ts';

export type TextMessageSenderConfig = { driver: 'twilio' } & TwilioTextMessageConfig;

/** The one place that picks the SMS/WhatsApp adapter from configuration (Twilio, or its simulator via `apiUrl`). */
export function createTextMessageSender(config: TextMessageSenderConfig): TextMessageSender {
  switch (config.driver) {
    case 'twilio': {
      const { driver: _driver, ...twilio } = config;
      return createTwilioTextMessageSender(twilio);
    }
    default: {
      // With a single driver the config itself does not narrow to never; its discriminant does.
      const driver: never = config.driver;
      throw new Error(`Unknown text message driver: ${driver as string}`);
    }
  }
}
