import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** What a simulator received: an e-mail over SMTP, or a text through the Twilio-shaped API. */
export interface SimMailboxEntry {
  id: string;
  channel: 'email' | 'sms' | 'whatsapp';
  from: string;
  /** E-mail addresses, or E.164 numbers (without Twilio's `whatsapp:` prefix). */
  to: string[];
  subject?: string;
  text: string;
  html?: string;
  /** Headers worth showing (e-mail: Message-ID, Content-Language, List-Unsubscribe…), lower-case names. */
  headers: Record<string, string>;
  /** Every http(s) URL in the text and HTML bodies, in order, once each: the developer mailbox makes them clickable. */
  links: string[];
  /** ISO 8601, UTC. */
  receivedAt: string;
  /** Texts: the provider's delivery status as the simulator last reported it (queued, sent, delivered, undelivered…). */
  status?: string;
  /** The simulator's own id for the message (Twilio `sid`, SMTP queue id). */
  providerId?: string;
  /** E-mail: the MIME attachments as parsed, described by size and hash (the bytes are not kept). */
  attachments?: SimMailboxAttachment[];
}

export interface SimMailboxAttachment {
  filename: string;
  contentType: string;
  size: number;
  /** Lower-case hex SHA-256 of the decoded bytes: a test compares it with the file it meant to send. */
  sha256: string;
}

export type NewSimMailboxEntry = Omit<SimMailboxEntry, 'id' | 'receivedAt' | 'links'>;

export interface SimMailbox {
  add(entry: NewSimMailboxEntry): Promise<SimMailboxEntry>;
  /** Newest first; `recipient` matches any `to` address, case-insensitively. */
  list(input?: { recipient?: string; limit?: number }): Promise<SimMailboxEntry[]>;
  get(id: string): Promise<SimMailboxEntry | undefined>;
  update(id: string, patch: Partial<Pick<SimMailboxEntry, 'status' | 'providerId'>>): Promise<void>;
  clear(): Promise<void>;
}

const urlPattern = /https?:\/\/[^\s<>"')\]]+/g;
const hrefPattern = /<a\s[^>]*href="(https?:\/\/[^"]+)"/gi;

const decodeEntities = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/**
 * Links a person can follow, each once: URLs in the text body (trailing sentence punctuation removed) and
 * the HTML body's anchors, not its images or stylesheets.
 */
export function extractLinks(text: string | undefined, html?: string): string[] {
  const found = new Set<string>();
  for (const match of text?.matchAll(urlPattern) ?? []) found.add(match[0].replace(/[.,;:!?]+$/, ''));
  for (const match of html?.matchAll(hrefPattern) ?? []) found.add(decodeEntities(match[1] as string));
  return [...found];
}

const defaultListLimit = 100;
// Listing reads one file per entry; a developer mailbox never needs more than the newest few hundred.
const scanLimit = 1000;

/**
 * A mailbox kept as one JSON file per message in a folder (under DATA_DIR by default), so that every
 * process of a local setup (API and workers) sees the same messages and they survive a restart.
 */
export function createFolderMailbox(folder: string): SimMailbox {
  const fileOf = (id: string) => path.join(folder, `${id}.json`);

  async function read(id: string): Promise<SimMailboxEntry | undefined> {
    try {
      return JSON.parse(await fs.readFile(fileOf(id), 'utf8')) as SimMailboxEntry;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async function write(entry: SimMailboxEntry) {
    await fs.mkdir(folder, { recursive: true });
    // Write then rename: a reader never sees half a file.
    const temporary = `${fileOf(entry.id)}.${randomUUID()}.tmp`;
    await fs.writeFile(temporary, JSON.stringify(entry));
    await fs.rename(temporary, fileOf(entry.id));
  }

  return {
    async add(input) {
      const receivedAt = new Date();
      // The id starts with the time, so file names sort oldest to newest.
      const id = `${receivedAt.getTime().toString().padStart(14, '0')}-${randomUUID().slice(0, 8)}`;
      const entry: SimMailboxEntry = {
        ...input,
        id,
        receivedAt: receivedAt.toISOString(),
        links: extractLinks(input.text, input.html),
      };
      await write(entry);
      return entry;
    },

    async list({ recipient, limit = defaultListLimit } = {}) {
      let names: string[];
      try {
        names = await fs.readdir(folder);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const ids = names
        .filter((name) => name.endsWith('.json'))
        .map((name) => name.slice(0, -'.json'.length))
        .sort()
        .reverse()
        .slice(0, scanLimit);
      const wanted = recipient?.trim().toLowerCase();
      const entries: SimMailboxEntry[] = [];
      for (const id of ids) {
        if (entries.length >= limit) break;
        const entry = await read(id);
        if (!entry) continue;
        if (wanted && !entry.to.some((address) => address.toLowerCase() === wanted)) continue;
        entries.push(entry);
      }
      return entries;
    },

    get: read,

    async update(id, patch) {
      const entry = await read(id);
      if (entry) await write({ ...entry, ...patch });
    },

    async clear() {
      await fs.rm(folder, { recursive: true, force: true });
    },
  };
}
