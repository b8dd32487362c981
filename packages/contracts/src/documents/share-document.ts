import { z } from 'zod';
import { limits } from '../constants.ts';

/**
 * `POST linktinker/errands/{id}/share` (SPEC section 2, the sharing dialog; issue 6 part 8): the service sends one
 * party's link to an e-mail address or a phone the sender types, as the `document-shared` message.
 */
export const shareChannels = ['email', 'sms'] as const;
export type ShareChannel = (typeof shareChannels)[number];

export const ZShareDocumentRequest = z.object({
  signatureIndex: z.number().int().min(0).max(limits.maxSignatureIndex),
  channel: z.enum(shareChannels),
  /** Checked by the e-mail or phone validator of the channel (INVALID_EMAIL, INVALID_PHONE). */
  to: z.string().trim().min(1).max(254),
});
export type ShareDocumentRequest = z.infer<typeof ZShareDocumentRequest>;

/** The recipient as it was normalised (an e-mail with a lower-case domain, or an E.164 number). */
export const ZShareDocumentResponse = z.object({
  signatureIndex: z.number().int(),
  channel: z.enum(shareChannels),
  to: z.string(),
});
export type ShareDocumentResponse = z.infer<typeof ZShareDocumentResponse>;
