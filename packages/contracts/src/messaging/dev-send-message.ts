import { z } from 'zod';
import { locales } from '../locales.ts';
import { messageChannels, messageKinds } from './message-kinds.ts';

/** POST /v2/dev/messages: sends an example message of a kind, so a person trying Signlink sees every template. */
export const ZDevSendMessageRequest = z.object({
  kind: z.enum(messageKinds as [string, ...string[]]).default('document-invitation'),
  channel: z.enum(messageChannels).default('email'),
  to: z.string().trim().min(1).max(320),
  locale: z.enum(locales).default('en-us'),
  brand: z.enum(['signlink', 'pdfblankett']).default('signlink'),
});

export const ZDevSendMessageResponse = z.object({ messageId: z.string() });

export type DevSendMessageRequest = z.infer<typeof ZDevSendMessageRequest>;
export type DevSendMessageResponse = z.infer<typeof ZDevSendMessageResponse>;
