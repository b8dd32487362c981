import type { EmailSender } from './email.port.ts';
import { createSmtpEmailSender, type SmtpEmailSenderConfig } from './smtp.adapter.ts';

export type EmailSenderConfig = { driver: 'smtp' } & SmtpEmailSenderConfig;

/** The one place that picks the e-mail adapter from configuration. */
export function createEmailSender(config: EmailSenderConfig): EmailSender {
  switch (config.driver) {
    case 'smtp': {
      const { driver: _driver, ...smtp } = config;
      return createSmtpEmailSender(smtp);
    }
    default: {
      const unknown: never = config.driver;
      throw new Error(`Unknown e-mail driver: ${unknown as string}`);
    }
  }
}
