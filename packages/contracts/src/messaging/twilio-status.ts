import { z } from 'zod';

/** Our message id, which the callback URL we gave Twilio carries (a report may come before Twilio's sid is stored). */
export const ZTwilioStatusQuery = z.object({ messageId: z.string().min(1) });

/** Twilio's form fields (StatusCallback); the others it sends are kept, as its signature covers every one. */
export const ZTwilioStatus = z.looseObject({
  MessageSid: z.string().min(1),
  MessageStatus: z.string().min(1),
  ErrorCode: z.string().optional(),
  ErrorMessage: z.string().optional(),
});

export const ZTwilioStatusHeaders = z.looseObject({ 'x-twilio-signature': z.string().optional() });

export type TwilioStatusQuery = z.infer<typeof ZTwilioStatusQuery>;
export type TwilioStatus = z.infer<typeof ZTwilioStatus>;
export type TwilioStatusHeaders = z.infer<typeof ZTwilioStatusHeaders>;
