import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BankIdOrder, BankIdSimulatedFailure } from './bankid-order.ts';
import type { BankIdOrderStore } from './bankid-order-store.ts';

/*
 * Orders as JSON files in a folder (under DATA_DIR), so that every server process's simulator knows every order:
 * behind a load balancer the order is started through one process and collected, approved or cancelled through
 * others. A pending order is rewritten by write-then-rename, so no reader sees half a file; its ending is a second
 * file made with link(), which fails when it exists, so the first ending wins across processes without a lock.
 * Synchronous on purpose: the files are small, the simulator never runs in production, and the controls that
 * tests call stay synchronous.
 */

// orderRef comes from the request body: only a UUID, as the simulator makes them, may become a file name.
const ORDER_REF = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ORDER_FILE = /^([0-9a-f-]{36})(?:\.ended)?\.json$/;

function isErrorCode(error: unknown, code: string): boolean {
  return (error as NodeJS.ErrnoException).code === code;
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch (error) {
    if (isErrorCode(error, 'ENOENT')) return undefined;
    throw error;
  }
}

function writeTemporary(file: string, value: unknown): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomUUID()}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(value));
  return temporary;
}

function listNames(folder: string): string[] {
  try {
    return fs.readdirSync(folder);
  } catch (error) {
    if (isErrorCode(error, 'ENOENT')) return [];
    throw error;
  }
}

export function createFolderBankIdOrderStore(folder: string): BankIdOrderStore {
  const ordersDir = path.join(folder, 'orders');
  const failuresDir = path.join(folder, 'failures');
  const pendingFile = (orderRef: string) => path.join(ordersDir, `${orderRef}.json`);
  const endedFile = (orderRef: string) => path.join(ordersDir, `${orderRef}.ended.json`);
  let failureSequence = 0;

  function find(orderRef: string): BankIdOrder | undefined {
    if (!ORDER_REF.test(orderRef)) return undefined;
    return readJson<BankIdOrder>(endedFile(orderRef)) ?? readJson<BankIdOrder>(pendingFile(orderRef));
  }

  function savePending(order: BankIdOrder): void {
    // An ending made after this check still wins: find reads the ending first.
    if (fs.existsSync(endedFile(order.orderRef))) return;
    fs.renameSync(writeTemporary(pendingFile(order.orderRef), order), pendingFile(order.orderRef));
  }

  return {
    insert: savePending,
    find,
    list() {
      const orderRefs = new Set(listNames(ordersDir).flatMap((name) => ORDER_FILE.exec(name)?.[1] ?? []));
      return [...orderRefs]
        .flatMap((orderRef) => find(orderRef) ?? [])
        .sort((one, other) => one.createdAt - other.createdAt);
    },
    savePending,
    finish(order) {
      const temporary = writeTemporary(endedFile(order.orderRef), order);
      try {
        fs.linkSync(temporary, endedFile(order.orderRef));
        return { kept: order, isFirst: true };
      } catch (error) {
        if (!isErrorCode(error, 'EEXIST')) throw error;
        return { kept: find(order.orderRef) ?? order, isFirst: false };
      } finally {
        fs.rmSync(temporary, { force: true });
      }
    },
    remove(orderRef) {
      if (!ORDER_REF.test(orderRef)) return;
      fs.rmSync(endedFile(orderRef), { force: true });
      fs.rmSync(pendingFile(orderRef), { force: true });
    },
    pushFailure(failure) {
      // Named by time and sequence so the queue keeps its order; the UUID keeps two processes' names apart.
      const name = `${Date.now().toString().padStart(14, '0')}-${String(failureSequence++).padStart(6, '0')}-${randomUUID()}.json`;
      const file = path.join(failuresDir, name);
      fs.renameSync(writeTemporary(file, failure), file);
    },
    takeFailure() {
      for (const name of listNames(failuresDir)
        .filter((entry) => entry.endsWith('.json'))
        .sort()) {
        const claimed = path.join(failuresDir, `${name}.${randomUUID()}.taken`);
        try {
          // Renaming is the claim: of two processes taking the same failure, only one finds the file.
          fs.renameSync(path.join(failuresDir, name), claimed);
        } catch (error) {
          if (isErrorCode(error, 'ENOENT')) continue;
          throw error;
        }
        const failure = readJson<BankIdSimulatedFailure>(claimed);
        fs.rmSync(claimed, { force: true });
        if (failure) return failure;
      }
      return undefined;
    },
    clear() {
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
