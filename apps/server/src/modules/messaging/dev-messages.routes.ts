import {
  findDevMessageHtmlRoute,
  listDevMessagesRoute,
  sendDevMessageRoute,
} from '@signlink/contracts/messaging/dev-messages.routes';
import type { MessageKind } from '@signlink/contracts/messaging/message-kinds';
import { normalizePhoneNumber } from '@signlink/contracts/validation/phone-number';
import type { SimMailbox, SimMailboxEntry } from '@signlink/simulators/mailbox/sim-mailbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { route } from '../../http/route.ts';
import { type OutgoingMessage, sendMessage } from './send-message.ts';
import { sampleMessageData } from './templates/sample-message-data.ts';

function present(entry: SimMailboxEntry) {
  return {
    id: entry.id,
    channel: entry.channel,
    from: entry.from,
    to: entry.to,
    ...(entry.subject === undefined ? {} : { subject: entry.subject }),
    text: entry.text,
    hasHtml: Boolean(entry.html),
    links: entry.links,
    headers: entry.headers,
    receivedAt: entry.receivedAt,
    ...(entry.status === undefined ? {} : { status: entry.status }),
    ...(entry.attachments?.length && {
      attachments: entry.attachments.map(({ filename, contentType, size }) => ({ filename, contentType, size })),
    }),
  };
}

// E-mail HTML is someone else's markup: no script, no requests but images, shown inside our page's frame.
/** A number typed as people write it (070-123 45 67) finds texts stored under +46701234567. */
function normaliseFilter(recipient: string): string {
  if (recipient.includes('@')) return recipient;
  const phone = normalizePhoneNumber(recipient);
  return phone.isValid ? phone.e164 : recipient;
}

// Scheme sources, not `*`: Chromium's `*` leaves out non-default ports, such as the local brand hosts'.
const emailPreviewPolicy =
  "default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

/**
 * The developer mailbox's API (issue 3, part 4): what the SMTP and Twilio simulators received, and a way
 * to send an example of any message. Registered only when simulators are on, so it never exists in
 * production. Open to anyone who reaches a development server, like the simulators themselves.
 */
export const devMessagesRoutes: FastifyPluginAsyncZod<{ mailbox: SimMailbox }> = async (app, { mailbox }) => {
  route(app, listDevMessagesRoute, async (request) => {
    const { limit } = request.query;
    const recipient = request.query.recipient ? normaliseFilter(request.query.recipient) : undefined;
    const entries = await mailbox.list({ ...(recipient ? { recipient } : {}), limit });
    return { messages: entries.map(present) };
  });

  route(app, findDevMessageHtmlRoute, async (request, reply) => {
    const entry = await mailbox.get(request.params.id);
    if (!entry?.html) throw new AppError('NOT_FOUND');
    return reply
      .header('content-security-policy', emailPreviewPolicy)
      .type('text/html; charset=utf-8')
      .send(entry.html);
  });

  route(app, sendDevMessageRoute, async (request, reply) => {
    const { kind, channel, to, locale, brand } = request.body;
    const { database, queue, messaging } = app.context;
    const message = {
      kind: kind as MessageKind,
      data: sampleMessageData[kind as MessageKind],
      channel,
      to,
      locale,
      brand,
    } as OutgoingMessage;
    const { messageId } = await sendMessage({ database, queue, messaging }, message);
    return reply.code(202).send({ messageId });
  });
};
