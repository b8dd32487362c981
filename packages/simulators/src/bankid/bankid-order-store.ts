import type { BankIdOrder, BankIdSimulatedFailure } from './bankid-order.ts';

/*
 * Where the simulator keeps its orders and the failures a test queued. Every read returns a copy, so a change
 * counts only once saved: the folder store behaves the same, and a test on the memory store proves both.
 */

export interface BankIdOrderEnding {
  /** The ending kept: this one, or the one that came first. */
  kept: BankIdOrder;
  isFirst: boolean;
}

export interface BankIdOrderStore {
  insert(order: BankIdOrder): void;
  find(orderRef: string): BankIdOrder | undefined;
  /** Oldest first. */
  list(): BankIdOrder[];
  /** A pending order's new hint; ignored once the order has ended. */
  savePending(order: BankIdOrder): void;
  /**
   * Ends the order (complete or failed) unless it has ended already: an order ends once, so when the tester's
   * approval and the relying party's cancel race, one wins and both see the same outcome.
   */
  finish(order: BankIdOrder): BankIdOrderEnding;
  remove(orderRef: string): void;
  pushFailure(failure: BankIdSimulatedFailure): void;
  /** The oldest queued failure, taken by exactly one caller. */
  takeFailure(): BankIdSimulatedFailure | undefined;
  clear(): void;
}

/** One process's orders, for a simulator started alone (a package test, a standalone tool). */
export function createMemoryBankIdOrderStore(): BankIdOrderStore {
  const orders = new Map<string, BankIdOrder>();
  let failures: BankIdSimulatedFailure[] = [];
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    insert: (order) => void orders.set(order.orderRef, copy(order)),
    find: (orderRef) => {
      const order = orders.get(orderRef);
      return order && copy(order);
    },
    list: () => [...orders.values()].map(copy),
    savePending(order) {
      if (orders.get(order.orderRef)?.status === 'pending') orders.set(order.orderRef, copy(order));
    },
    finish(order) {
      const stored = orders.get(order.orderRef);
      if (stored && stored.status !== 'pending') return { kept: copy(stored), isFirst: false };
      orders.set(order.orderRef, copy(order));
      return { kept: copy(order), isFirst: true };
    },
    remove: (orderRef) => void orders.delete(orderRef),
    pushFailure: (failure) => void failures.push(copy(failure)),
    takeFailure: () => failures.shift(),
    clear() {
      orders.clear();
      failures = [];
    },
  };
}
