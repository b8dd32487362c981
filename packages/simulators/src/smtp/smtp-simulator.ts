import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { SimMailbox } from '../mailbox/sim-mailbox.ts';

/*
 * An SMTP server for local setups and tests: it accepts every message (any credentials or none, no TLS) and keeps
 * it in a SimMailbox, so the developer mailbox shows what would have gone out. It also fails on demand, so that
 * the sending side's handling of permanent and transient refusals is tested over a real SMTP conversation:
 *
 * - recipients whose local part starts with `bounce` get 550 (permanent), with `defer` 451 (transient);
 * - `refuseNext` fails the next transactions at MAIL FROM with a chosen code (421 also closes the connection);
 * - `delayNext` holds the reply to DATA, to test timeouts and clients that give up mid-transaction; it tells when
 *   it holds a message and how the hold ended, so a test waits for those rather than for a time.
 */

export interface SmtpSimulatorOptions {
  mailbox: SimMailbox;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Advertised with SIZE; a larger message gets 552 and is not stored. */
  maxMessageBytes?: number;
  /** How long close() lets open connections finish before ending them. */
  closeTimeoutMs?: number;
}

export interface RefuseNextInput {
  /** How many transactions (MAIL FROM commands) to refuse. */
  times: number;
  /** SMTP reply code, e.g. 421 (transient, closes the connection), 451, 550 or 554 (permanent). */
  code: number;
  message?: string;
}

export interface DelayNextInput {
  ms: number;
  /** How many messages to delay; 1 by default. */
  times?: number;
  /**
   * Store each message before holding its reply, as a server does that has taken the message but whose reply is
   * lost: a client that dies then never learns that it was sent.
   */
  isStoredFirst?: boolean;
}

/** The first message a delayNext holds. */
export interface DelayedReply {
  /** Resolves when the message has arrived and its reply is being held. */
  holding: Promise<void>;
  /**
   * Resolves when the hold ends: 'stored' once the message is stored after the delay, the client having waited;
   * 'refused' as soon as the client leaves, since nobody is left to hear the reply (with `isStoredFirst` it was
   * stored already, and stays).
   */
  replied: Promise<'stored' | 'refused'>;
}

export interface SmtpSimulator {
  host: string;
  port: number;
  /** `smtp://127.0.0.1:PORT`, for an SMTP URL setting. */
  url: string;
  mailbox: SimMailbox;
  refuseNext(input: RefuseNextInput): void;
  delayNext(input: DelayNextInput): DelayedReply;
  /** How many messages the last `delayNext` with `isStoredFirst` has stored and is holding or held the reply to. */
  countStoredAndHeld(): number;
  /** Forgets pending refusals and delays. */
  reset(): void;
  close(): Promise<void>;
}

const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
const DEFAULT_CLOSE_TIMEOUT_MS = 200;

/** Headers the developer mailbox shows; the rest of the header block is not kept. */
const KEPT_HEADERS = ['message-id', 'content-language', 'list-unsubscribe', 'x-signlink-message', 'reply-to', 'date'];

type SmtpReplyError = Error & { responseCode: number };

/** What settles a DelayedReply's promises. */
interface DelayedReplyEnds {
  holding: () => void;
  replied: (outcome: 'stored' | 'refused') => void;
}

function smtpError(responseCode: number, message: string): SmtpReplyError {
  return Object.assign(new Error(message), { responseCode });
}

/** Postfix-style queue id: upper-case hex. */
function newQueueId(): string {
  return randomBytes(6).toString('hex').toUpperCase();
}

function localPart(address: string): string {
  const at = address.lastIndexOf('@');
  return (at === -1 ? address : address.slice(0, at)).toLowerCase();
}

/** The raw value of each kept header, unfolded; Reply-To decoded, since its display name may be MIME-encoded. */
function keptHeaders(parsed: ParsedMail): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { key, line } of parsed.headerLines) {
    if (!KEPT_HEADERS.includes(key) || key in headers) continue;
    headers[key] = line
      .slice(line.indexOf(':') + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim();
  }
  if (headers['reply-to'] !== undefined && parsed.replyTo) headers['reply-to'] = parsed.replyTo.text;
  return headers;
}

async function readMessage(stream: SMTPServerDataStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  // Iterating throws if the client goes away before the final dot (smtp-server destroys the stream).
  for await (const chunk of stream) if (!stream.sizeExceeded) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startSmtpSimulator(options: SmtpSimulatorOptions): Promise<SmtpSimulator> {
  const { mailbox } = options;
  const host = options.host ?? '127.0.0.1';
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  let refusal: Required<RefuseNextInput> | undefined;
  let delay: (Required<DelayNextInput> & { first?: DelayedReplyEnds }) | undefined;
  // Messages stored and held by one delayNext, so that a test can wait until all of them are in flight.
  let heldCount = 0;
  // Sessions whose client is still connected, each aborted when it leaves: a message held by delayNext is stored
  // only if its client waited.
  const openSessions = new Map<string, AbortController>();

  /** Holds the reply for `ms`, or until the client leaves: nobody would hear it then. */
  async function holdReply(sessionId: string, ms: number) {
    const left = openSessions.get(sessionId)?.signal;
    if (left && !left.aborted) await sleep(ms, undefined, { signal: left }).catch(() => {});
  }

  async function receive(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string> {
    const raw = await readMessage(stream);
    if (stream.sizeExceeded) throw smtpError(552, `5.3.4 Message exceeds the size limit of ${maxMessageBytes} bytes`);
    const parsed = await simpleParser(raw);
    const providerId = newQueueId();
    let held: DelayedReplyEnds | undefined;
    if (delay && delay.times > 0) {
      const { ms, isStoredFirst } = delay;
      delay.times -= 1;
      held = delay.first;
      delay.first = undefined;
      if (isStoredFirst) {
        await store(parsed, session, providerId);
        heldCount += 1;
      }
      held?.holding();
      await holdReply(session.id, ms);
      if (isStoredFirst) {
        held?.replied(openSessions.has(session.id) ? 'stored' : 'refused');
        return providerId;
      }
    }
    if (!openSessions.has(session.id)) {
      held?.replied('refused');
      throw smtpError(451, '4.4.2 Client left before the reply');
    }
    await store(parsed, session, providerId);
    held?.replied('stored');
    return providerId;
  }

  async function store(parsed: ParsedMail, session: SMTPServerSession, providerId: string) {
    const { mailFrom, rcptTo } = session.envelope;
    await mailbox.add({
      channel: 'email',
      from: parsed.from?.text ?? (mailFrom ? mailFrom.address : ''),
      to: rcptTo.map((recipient) => recipient.address.toLowerCase()),
      ...(parsed.subject !== undefined && { subject: parsed.subject }),
      text: parsed.text ?? '',
      ...(typeof parsed.html === 'string' && { html: parsed.html }),
      headers: keptHeaders(parsed),
      providerId,
      ...(parsed.attachments.length > 0 && {
        attachments: parsed.attachments.map((file) => ({
          filename: file.filename ?? '',
          contentType: file.contentType,
          size: file.content.length,
          sha256: createHash('sha256').update(file.content).digest('hex'),
        })),
      }),
    });
  }

  const server = new SMTPServer({
    name: 'smtp-simulator.signlink.local',
    logger: false,
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    disableReverseLookup: true,
    size: maxMessageBytes,
    closeTimeout: options.closeTimeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS,

    onConnect(session, callback) {
      openSessions.set(session.id, new AbortController());
      callback();
    },
    onClose(session) {
      openSessions.get(session.id)?.abort();
      openSessions.delete(session.id);
    },
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    onMailFrom(_address, _session, callback) {
      if (refusal && refusal.times > 0) {
        refusal.times -= 1;
        return callback(smtpError(refusal.code, refusal.message));
      }
      callback();
    },
    onRcptTo({ address }, _session, callback) {
      const local = localPart(address);
      if (local.startsWith('bounce')) {
        return callback(smtpError(550, `5.1.1 <${address}>: Recipient address rejected: User unknown`));
      }
      if (local.startsWith('defer')) return callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
      callback();
    },
    onData(stream, session, callback) {
      receive(stream, session).then(
        (providerId) => callback(null, `OK queued as ${providerId}`),
        (error: Error) => {
          const code = (error as Partial<SmtpReplyError>).responseCode;
          callback(code ? error : smtpError(451, `4.3.0 Could not store the message: ${error.message}`));
        },
      );
    },
  });

  // smtp-server re-emits socket errors (a client resetting its connection) here; without a listener they would
  // crash the process. A failed listen still rejects below.
  server.on('error', () => {});
  const listening = server.server;
  server.listen(options.port ?? 0, host);
  await once(listening, 'listening');
  const { port } = listening.address() as AddressInfo;

  return {
    host,
    port,
    url: `smtp://${host}:${port}`,
    mailbox,
    refuseNext({ times, code, message }) {
      refusal = { times, code, message: message ?? `Refused by the SMTP simulator (refuseNext ${code})` };
    },
    delayNext({ ms, times = 1, isStoredFirst = false }) {
      // Promise executors run at once, so both ends are set before delay is.
      const first = {} as DelayedReplyEnds;
      const holding = new Promise<void>((resolve) => {
        first.holding = resolve;
      });
      const replied = new Promise<'stored' | 'refused'>((resolve) => {
        first.replied = resolve;
      });
      heldCount = 0;
      delay = { ms, times, isStoredFirst, first };
      return { holding, replied };
    },
    countStoredAndHeld: () => heldCount,
    reset() {
      refusal = undefined;
      delay = undefined;
    },
    async close() {
      if (!listening.listening) return;
      // The net server closes once the last connection has ended; smtp-server ends idle (pooled) ones after
      // closeTimeout, with a 421.
      const closed = once(listening, 'close');
      server.close();
      await closed;
    },
  };
}
