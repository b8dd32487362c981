import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SimCheckoutSession } from './stripe-checkout-session.ts';

/**
 * What a create with an Idempotency-Key left behind: the body it came with, the object it made, and (for calls
 * other than a session's create) the answer given, which Stripe replays as it was.
 */
export interface StripeIdempotentCreate {
  body: string;
  objectId: string;
  response?: unknown;
}

/**
 * Where the simulator keeps its Checkout Sessions and idempotency keys. Stripe remembers a session whichever of our
 * processes created it, so a return page served by one process and the reconciliation job in another (or a restarted
 * one) must find it too. Synchronous, because the buyer's and tester's actions are: the files are a few kilobytes
 * and the simulator never runs in production.
 */
export interface StripeSessionStore {
  get(id: string): SimCheckoutSession | undefined;
  save(session: SimCheckoutSession): void;
  /** Oldest first. */
  list(): SimCheckoutSession[];
  getIdempotent(key: string): StripeIdempotentCreate | undefined;
  saveIdempotent(key: string, entry: StripeIdempotentCreate): void;
  /** Customers, invoices, connected accounts, account links and refunds, by id; listed oldest first by `created`. */
  getRecord<T extends StripeRecord>(kind: StripeRecordKind, id: string): T | undefined;
  saveRecord(kind: StripeRecordKind, record: StripeRecord): void;
  listRecords<T extends StripeRecord>(kind: StripeRecordKind): T[];
  clear(): void;
}

export type StripeRecordKind = 'customers' | 'invoices' | 'accounts' | 'account_links' | 'refunds';
const RECORD_KINDS: StripeRecordKind[] = ['customers', 'invoices', 'accounts', 'account_links', 'refunds'];
export interface StripeRecord {
  id: string;
  created: number;
}

const byCreated = (a: StripeRecord, b: StripeRecord) => a.created - b.created;

/** For a simulator on its own (unit tests): forgotten when the process ends. */
export function createMemoryStripeSessionStore(): StripeSessionStore {
  const sessions = new Map<string, SimCheckoutSession>();
  const keys = new Map<string, StripeIdempotentCreate>();
  const records = Object.fromEntries(RECORD_KINDS.map((kind) => [kind, new Map<string, StripeRecord>()])) as Record<
    StripeRecordKind,
    Map<string, StripeRecord>
  >;
  return {
    get: (id) => structuredClone(sessions.get(id)),
    save: (session) => void sessions.set(session.id, structuredClone(session)),
    list: () => [...sessions.values()].map((session) => structuredClone(session)),
    getIdempotent: (key) => keys.get(key),
    saveIdempotent: (key, entry) => void keys.set(key, entry),
    getRecord: <T extends StripeRecord>(kind: StripeRecordKind, id: string) =>
      structuredClone(records[kind].get(id)) as T | undefined,
    saveRecord: (kind, record) => void records[kind].set(record.id, structuredClone(record)),
    listRecords: <T extends StripeRecord>(kind: StripeRecordKind) =>
      [...records[kind].values()].map((record) => structuredClone(record) as T).sort(byCreated),
    clear() {
      sessions.clear();
      keys.clear();
      for (const kind of RECORD_KINDS) records[kind].clear();
    },
  };
}

const SESSION_ID = /^cs_test_[A-Za-z0-9]+$/;
const RECORD_ID = /^(cus|in|acct|acctlink|re)_[A-Za-z0-9]+$/;

/** One JSON file per session (`sessions/<id>.json`) and per idempotency key (`keys/<sha-256 of the key>.json`). */
export function createFolderStripeSessionStore(folder: string): StripeSessionStore {
  const sessionsDir = path.join(folder, 'sessions');
  const keysDir = path.join(folder, 'keys');

  function read<T>(file: string): T | undefined {
    try {
      return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  // Write then rename: another process never reads half a file.
  function write(dir: string, name: string, value: unknown) {
    fs.mkdirSync(dir, { recursive: true });
    const temporary = path.join(dir, `${name}.${randomUUID()}.tmp`);
    fs.writeFileSync(temporary, JSON.stringify(value));
    fs.renameSync(temporary, path.join(dir, name));
  }

  function listFolder<T>(dir: string): T[] {
    let names: string[];
    try {
      names = fs.readdirSync(dir).filter((name) => name.endsWith('.json'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return names.map((name) => read<T>(path.join(dir, name))).filter((value): value is T => value !== undefined);
  }

  const keyFile = (key: string) => `${createHash('sha256').update(key).digest('hex')}.json`;

  return {
    // An id from a request names a file only when it has a session id's shape.
    get: (id) => (SESSION_ID.test(id) ? read(path.join(sessionsDir, `${id}.json`)) : undefined),
    save: (session) => write(sessionsDir, `${session.id}.json`, session),
    list: () => listFolder<SimCheckoutSession>(sessionsDir).sort(byCreated),
    getIdempotent: (key) => read(path.join(keysDir, keyFile(key))),
    saveIdempotent: (key, entry) => write(keysDir, keyFile(key), entry),
    getRecord: <T extends StripeRecord>(kind: StripeRecordKind, id: string) =>
      RECORD_ID.test(id) ? read<T>(path.join(folder, kind, `${id}.json`)) : undefined,
    saveRecord: (kind, record) => write(path.join(folder, kind), `${record.id}.json`, record),
    listRecords: <T extends StripeRecord>(kind: StripeRecordKind) =>
      listFolder<T>(path.join(folder, kind)).sort(byCreated),
    clear: () => fs.rmSync(folder, { recursive: true, force: true }),
  };
}
