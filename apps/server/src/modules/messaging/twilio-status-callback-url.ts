import { recordTwilioStatusRoute } from '@signlink/contracts/messaging/twilio-status.routes';
import type { PublicUrls } from '../../config/public-urls.ts';

export const twilioStatusPath = `/v2${recordTwilioStatusRoute.path}`;

/**
 * Where Twilio reports a text's status. Our message id rides in the query, so a callback that arrives
 * before the job stored Twilio's sid still finds its message; Twilio signs the whole URL, query included.
 */
export function twilioStatusCallbackUrl(publicUrls: PublicUrls, messageId: string): string {
  return `${callbackOrigin(publicUrls)}${twilioStatusPath}?messageId=${encodeURIComponent(messageId)}`;
}

/** The origin provider callbacks come to; the route checks Twilio's signature over it plus the path it was called on. */
export function callbackOrigin(publicUrls: PublicUrls): string {
  return publicUrls.forBrand('signlink');
}
