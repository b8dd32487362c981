import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SimTwilioMessage } from './twilio-message.ts';

/**
 * Where the simulator keeps the messages its API answers about. Twilio remembers every message it took, so a
 * client that died before reading the reply can still find its message; the simulator must too, across its own
 * restarts and from every process that shares the data folder.
 */
export interface TwilioMessageStore {
  save(message: SimTwilioMessage): Promise<void>;
  get(sid: string): Promise<SimTwilioMessage | undefined>;
  /** Newest first, as Twilio lists them. */
  list(input: { isWanted: (message: SimTwilioMessage) => boolean; limit: number }): Promise<SimTwilioMessage[]>;
  clear(): Promise<void>;
}

// The API's memory of messages; the developer mailbox keeps its own copy.
const MAX_KEPT_MESSAGES = 10_000;

/** For a simulator on its own (unit tests): forgotten when the process ends. */
export function createMemoryTwilioMessageStore(): TwilioMessageStore {
  const messages = new Map<string, SimTwilioMessage>();
  return {
    async save(message) {
      messages.set(message.sid, structuredClone(message));
      if (messages.size > MAX_KEPT_MESSAGES) messages.delete(messages.keys().next().value as string);
    },
    async get(sid) {
      const message = messages.get(sid);
      return message && structuredClone(message);
    },
    async list(input) {
      return [...messages.values()]
        .filter(input.isWanted)
        .reverse()
        .slice(0, input.limit)
        .map((message) => structuredClone(message));
    },
    async clear() {
      messages.clear();
    },
  };
}

type StoredMessage = Omit<SimTwilioMessage, 'dateCreated' | 'dateUpdated' | 'dateSent'> & {
  dateCreated: string;
  dateUpdated: string;
  dateSent: string | null;
};

/**
 * One JSON file per message, named `<creation ms>-<sid>.json` so that names sort oldest to newest and a sid is
 * found without an index.
 */
export function createFolderTwilioMessageStore(folder: string): TwilioMessageStore {
  async function names(): Promise<string[]> {
    try {
      return (await fs.readdir(folder)).filter((name) => name.endsWith('.json')).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  async function read(name: string): Promise<SimTwilioMessage | undefined> {
    let stored: StoredMessage;
    try {
      stored = JSON.parse(await fs.readFile(path.join(folder, name), 'utf8')) as StoredMessage;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    return {
      ...stored,
      dateCreated: new Date(stored.dateCreated),
      dateUpdated: new Date(stored.dateUpdated),
      dateSent: stored.dateSent === null ? null : new Date(stored.dateSent),
    };
  }

  const nameOf = (message: SimTwilioMessage) =>
    `${message.dateCreated.getTime().toString().padStart(14, '0')}-${message.sid}.json`;

  return {
    async save(message) {
      await fs.mkdir(folder, { recursive: true });
      // Write then rename: another process never reads half a message.
      const name = nameOf(message);
      const temporary = path.join(folder, `${name}.${randomUUID()}.tmp`);
      await fs.writeFile(temporary, JSON.stringify(message));
      await fs.rename(temporary, path.join(folder, name));
      const all = await names();
      for (const old of all.slice(0, Math.max(all.length - MAX_KEPT_MESSAGES, 0))) {
        await fs.rm(path.join(folder, old), { force: true });
      }
    },
    async get(sid) {
      const name = (await names()).find((candidate) => candidate.endsWith(`-${sid}.json`));
      return name ? read(name) : undefined;
    },
    async list(input) {
      const found: SimTwilioMessage[] = [];
      for (const name of (await names()).reverse()) {
        if (found.length >= input.limit) break;
        const message = await read(name);
        if (message && input.isWanted(message)) found.push(message);
      }
      return found;
    },
    async clear() {
      await fs.rm(folder, { recursive: true, force: true });
    },
  };
}
