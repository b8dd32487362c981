import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import { createFolderMailbox, type SimMailbox } from '../mailbox/sim-mailbox.ts';
import { isAuthorized, signTwilioRequest } from './twilio-auth.ts';
import {
  API_VERSION,
  dateSentFilter,
  messageUri,
  presentMessage,
  type SimTwilioMessage,
  twilioErrorBody,
} from './twilio-message.ts';
import { type TwilioCallbackRecord, TwilioSimulatorControls } from './twilio-simulator-controls.ts';

/*
 * A Twilio stand-in speaking the Programmable Messaging REST API (2010-04-01): create, list and fetch Messages,
 * with HTTP Basic auth, Twilio's validation errors and error JSON, and the asynchronous life of a message
 * (queued → sent → delivered or undelivered) reported to the StatusCallback URL, signed as Twilio signs.
 * Messages are kept in the controls' store (a folder, when the simulator must remember them across restarts) and
 * copied to the developer mailbox, whose status follows along. A status change still pending when the process
 * ends is not resumed: the message keeps the status it had.
 *
 * Magic numbers for demos: a To ending in 0001 is refused as invalid (21211); one ending in 9999 is accepted and
 * then reported undelivered (30003), as are numbers added to `controls.undeliverable`.
 */

export interface TwilioSimulatorOptions {
  mailbox: SimMailbox;
  accountSid: string;
  authToken: string;
  /** Pause before each status change (queued → sent → delivered); default 200 ms. */
  callbackDelayMs?: number;
  controls?: TwilioSimulatorControls;
}

type Params = { sid: string; messageSid?: string };
type Query = Record<string, string | undefined>;
type TwilioRequest = FastifyRequest<{ Params: Params; Body: Record<string, string> | undefined; Querystring: Query }>;

const FORM = 'application/x-www-form-urlencoded';
const E164 = /^\+[1-9]\d{6,14}$/;
// Twilio's limit for a (concatenated) message body.
const MAX_BODY_LENGTH = 1600;
const MAX_PAGE_SIZE = 1000;
const CALLBACK_TIMEOUT_MS = 5000;

function sendError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply.code(status).send(twilioErrorBody(status, code, message));
}

/** Mountable under a prefix (e.g. `/sim/twilio`); Twilio clients then use `<origin>/sim/twilio` as the API URL. */
export const twilioSimulatorPlugin: FastifyPluginAsync<TwilioSimulatorOptions> = async (app, options) => {
  const { mailbox, accountSid, authToken } = options;
  const controls = options.controls ?? new TwilioSimulatorControls();
  const delayMs = options.callbackDelayMs ?? 200;
  const { messages } = controls;
  const isCurrent = (generation: number) => generation === controls.generation && !isClosed;
  const timers = new Set<NodeJS.Timeout>();
  let isClosed = false;

  // Encapsulated in this plugin: the host application's own form handling, if any, is left alone.
  if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM);
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.addHook('onClose', async () => {
    isClosed = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    await controls.idle();
  });

  app.addHook('preHandler', async (req: FastifyRequest<{ Params: Params }>, reply) => {
    // A valid login for another account's path is refused like a wrong one.
    if (!isAuthorized(req.headers.authorization, accountSid, authToken) || req.params.sid !== accountSid) {
      reply.header('www-authenticate', 'Basic realm="Twilio API"');
      return sendError(reply, 401, 20003, 'Authenticate');
    }
  });

  const later = (step: () => Promise<void>) => {
    if (isClosed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      controls.track(
        step().catch((error: unknown) => app.log.warn({ err: error }, 'Twilio simulator: status change failed')),
      );
    }, delayMs);
    timers.add(timer);
  };

  async function postCallback(message: SimTwilioMessage, generation: number) {
    if (!message.statusCallback) return;
    const params: Record<string, string> = {
      AccountSid: message.accountSid,
      ApiVersion: API_VERSION,
      MessageSid: message.sid,
      MessageStatus: message.status,
      SmsSid: message.sid,
      SmsStatus: message.status,
      To: message.to,
      ...(message.from ? { From: message.from } : {}),
      ...(message.messagingServiceSid ? { MessagingServiceSid: message.messagingServiceSid } : {}),
      ...(message.errorCode ? { ErrorCode: String(message.errorCode) } : {}),
    };
    const signature = signTwilioRequest(authToken, message.statusCallback, params);
    const record: TwilioCallbackRecord = { url: message.statusCallback, params, signature };
    try {
      const response = await fetch(message.statusCallback, {
        method: 'POST',
        headers: { 'content-type': FORM, 'x-twilio-signature': signature, 'user-agent': 'TwilioProxy/1.1' },
        body: new URLSearchParams(params),
        signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      record.responseStatus = response.status;
    } catch (error) {
      // Twilio does not retry status callbacks either; the receiver's failure is its own.
      record.error = (error as Error).message;
      app.log.warn({ url: message.statusCallback, err: error }, 'Twilio simulator: status callback failed');
    }
    if (controls.generation === generation) controls.callbacks.push(record);
  }

  async function changeStatus(
    message: SimTwilioMessage,
    status: string,
    generation: number,
    error?: { code: number; message: string },
  ) {
    // Forgotten by `controls.reset()`: a test that reset the simulator must not see its predecessor's callbacks.
    if (!isCurrent(generation)) return;
    const now = new Date();
    message.status = status;
    message.dateUpdated = now;
    if (status === 'sent') message.dateSent = now;
    if (error) {
      message.errorCode = error.code;
      message.errorMessage = error.message;
    }
    await messages.save(message);
    await mailbox.update(message.mailboxId, { status });
    await postCallback(message, generation);
  }

  function deliverLater(message: SimTwilioMessage, number: string) {
    const { generation } = controls;
    later(async () => {
      await changeStatus(message, 'sent', generation);
      later(async () => {
        const isUndeliverable = number.endsWith('9999') || controls.undeliverable.has(number);
        if (isUndeliverable) {
          await changeStatus(message, 'undelivered', generation, {
            code: 30003,
            message: 'Unreachable destination handset',
          });
        } else {
          await changeStatus(message, 'delivered', generation);
        }
      });
    });
  }

  app.post('/2010-04-01/Accounts/:sid/Messages.json', async (req: TwilioRequest, reply) => {
    const failure = controls.takeFailure();
    if (failure) return sendError(reply, failure.status, failure.code, failure.message ?? 'Simulated failure');

    const {
      To: to,
      From: from,
      MessagingServiceSid: serviceSid,
      Body: body,
      StatusCallback: callback,
    } = req.body ?? {};
    if (!to) return sendError(reply, 400, 21604, "A 'To' phone number is required.");
    const isWhatsApp = to.startsWith('whatsapp:');
    const number = to.replace(/^whatsapp:/, '');
    if (!E164.test(number) || number.endsWith('0001')) {
      return sendError(reply, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    }
    if (!body) return sendError(reply, 400, 21602, 'Message body is required.');
    if (body.length > MAX_BODY_LENGTH) {
      return sendError(reply, 400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
    }
    if (!from && !serviceSid) return sendError(reply, 400, 21603, "A 'From' phone number is required.");
    if (from && isWhatsApp !== from.startsWith('whatsapp:')) {
      return isWhatsApp
        ? sendError(reply, 400, 63007, 'Twilio could not find a Channel with the specified From address')
        : sendError(reply, 400, 21910, 'Invalid From and To pair. From and To should be of the same channel');
    }

    const sid = `SM${randomBytes(16).toString('hex')}`;
    // Through a Messaging Service Twilio first answers `accepted`, with no From until it picks a sender.
    const status = from ? 'queued' : 'accepted';
    const entry = await mailbox.add({
      channel: isWhatsApp ? 'whatsapp' : 'sms',
      from: (from ?? serviceSid ?? '').replace(/^whatsapp:/, ''),
      to: [number],
      text: body,
      headers: {},
      providerId: sid,
      status,
    });
    const now = new Date();
    const message: SimTwilioMessage = {
      sid,
      accountSid,
      to,
      from: from ?? null,
      messagingServiceSid: serviceSid ?? null,
      body,
      status,
      dateCreated: now,
      dateUpdated: now,
      dateSent: null,
      errorCode: null,
      errorMessage: null,
      mailboxId: entry.id,
      ...(callback ? { statusCallback: callback } : {}),
    };
    await messages.save(message);
    deliverLater(message, number);
    await controls.holdReply(req.raw.socket);
    return reply.code(201).send(presentMessage(message));
  });

  app.get('/2010-04-01/Accounts/:sid/Messages.json', async (req: TwilioRequest, reply) => {
    const { To: to, From: from } = req.query;
    const isSentInRange = dateSentFilter(req.query);
    if (typeof isSentInRange === 'string') return sendError(reply, 400, 20001, isSentInRange);
    const pageSize = Math.min(Math.max(Number(req.query.PageSize ?? 50) || 50, 1), MAX_PAGE_SIZE);
    const found = await messages.list({
      isWanted: (m) =>
        (to === undefined || m.to === to) && (from === undefined || m.from === from) && isSentInRange(m.dateSent),
      limit: pageSize,
    });
    const listUri = `/${API_VERSION}/Accounts/${accountSid}/Messages.json`;
    const query = new URLSearchParams(req.query as Record<string, string>);
    query.set('PageSize', String(pageSize));
    query.set('Page', '0');
    return {
      messages: found.map(presentMessage),
      uri: `${listUri}?${query}`,
      first_page_uri: `${listUri}?${query}`,
      next_page_uri: null,
      previous_page_uri: null,
      page: 0,
      page_size: pageSize,
      start: 0,
      end: Math.max(found.length - 1, 0),
    };
  });

  app.get('/2010-04-01/Accounts/:sid/Messages/:messageSid.json', async (req: TwilioRequest, reply) => {
    const message = await messages.get(req.params.messageSid ?? '');
    if (!message) {
      const uri = messageUri(accountSid, req.params.messageSid ?? '');
      return sendError(reply, 404, 20404, `The requested resource ${uri} was not found`);
    }
    return presentMessage(message);
  });
};

export interface RunningTwilioSimulator {
  /** The API URL for a Twilio client, e.g. `http://127.0.0.1:41234`. */
  url: string;
  controls: TwilioSimulatorControls;
  mailbox: SimMailbox;
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1 and a free port unless given one. Without a mailbox it keeps one in a fresh temporary folder, removed on close.
 */
export async function startTwilioSimulator(
  options: Omit<TwilioSimulatorOptions, 'mailbox'> & { mailbox?: SimMailbox; port?: number },
): Promise<RunningTwilioSimulator> {
  const folder = options.mailbox ? undefined : await fs.mkdtemp(path.join(os.tmpdir(), 'twilio-simulator-'));
  const mailbox = options.mailbox ?? createFolderMailbox(folder as string);
  const controls = options.controls ?? new TwilioSimulatorControls();
  const app = Fastify({ logger: false });
  await app.register(twilioSimulatorPlugin, { ...options, mailbox, controls });
  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    controls,
    mailbox,
    async close() {
      await app.close();
      if (folder) await fs.rm(folder, { recursive: true, force: true });
    },
  };
}
