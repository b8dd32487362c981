import { z } from 'zod';

/** GET /v2/dev/messages: what the simulators received, for the developer mailbox (never in production). */
export const ZDevMessagesQuery = z.object({
  recipient: z.string().trim().max(320).optional().describe('An e-mail address or E.164 number'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const ZDevMessage = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms', 'whatsapp']),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string().optional(),
  text: z.string(),
  hasHtml: z.boolean(),
  links: z.array(z.string()),
  headers: z.record(z.string(), z.string()),
  receivedAt: z.string(),
  status: z.string().optional(),
  /** E-mail: the files it carried, as the SMTP simulator parsed them. */
  attachments: z
    .array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int().nonnegative() }))
    .optional(),
});

export const ZDevMessagesResponse = z.object({ messages: z.array(ZDevMessage) });

/** A received e-mail's id, as the simulators' mailbox names it. */
export const ZDevMessageIdParams = z.object({ id: z.string().regex(/^[0-9]{14}-[0-9a-f]{8}$/) });

export type DevMessage = z.infer<typeof ZDevMessage>;
export type DevMessagesQuery = z.infer<typeof ZDevMessagesQuery>;
export type DevMessagesResponse = z.infer<typeof ZDevMessagesResponse>;
export type DevMessageIdParams = z.infer<typeof ZDevMessageIdParams>;
