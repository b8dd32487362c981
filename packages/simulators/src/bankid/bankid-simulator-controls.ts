import { randomUUID } from 'node:crypto';
import { buildCompletionData } from './bankid-completion.ts';
import { BankIdError } from './bankid-errors.ts';
import {
  BANKID_FAILED_HINTS,
  BANKID_PENDING_HINTS,
  type BankIdFailedHint,
  type BankIdOrder,
  type BankIdPendingHint,
  type BankIdSimulatedFailure,
} from './bankid-order.ts';
import { type BankIdOrderStore, createMemoryBankIdOrderStore } from './bankid-order-store.ts';
import { qrStartTokenOf, verifyQrData } from './bankid-qr.ts';
import type { BankIdOrderRequest } from './bankid-requests.ts';
import { type BankIdTestPerson, listBankIdTestPersons } from './bankid-test-persons.ts';

/*
 * The simulator's orders and the tester's side of them: what the BankID app and its user would do (open the app,
 * scan the QR code, approve, cancel), done by a test or the `/sim/bankid` page. Collect's hint codes follow the
 * RP API v6.0 lists; orders expire lazily, when next looked at, against the injected clock.
 */

export interface BankIdSimulatorControlsOptions {
  /** The simulator's clock in epoch milliseconds; tests move it to expire orders or age QR codes. */
  now?: () => number;
  /** How long an order may stay pending; BankID's is 3 minutes. */
  orderTtlMs?: number;
  /** Shown as the relying party in signatures. */
  relyingPartyName?: string;
  /** Where orders live: this process's memory unless given, a shared folder when several processes serve them. */
  store?: BankIdOrderStore;
}

const DEFAULT_ORDER_TTL_MS = 3 * 60_000;
// Ended and expired orders are forgotten this long after their expiry, so a long-lived data folder stays small;
// collect then answers notFound, as BankID does for an order it no longer knows.
const ORDER_RETENTION_MS = 60 * 60_000;

export class BankIdSimulatorControls {
  /** Who can approve orders; a test may add people. */
  readonly testPersons: BankIdTestPerson[];
  readonly now: () => number;
  readonly orderTtlMs: number;
  readonly relyingPartyName: string;
  readonly #store: BankIdOrderStore;

  constructor(options: BankIdSimulatorControlsOptions = {}) {
    this.now = options.now ?? Date.now;
    this.orderTtlMs = options.orderTtlMs ?? DEFAULT_ORDER_TTL_MS;
    this.relyingPartyName = options.relyingPartyName ?? 'Signlink';
    this.testPersons = listBankIdTestPersons(new Date(this.now()));
    this.#store = options.store ?? createMemoryBankIdOrderStore();
  }

  /** The next `times` (default 1) RP API calls fail with this status and BankID error body. */
  failNext({ times = 1, ...failure }: BankIdSimulatedFailure & { times?: number }): void {
    for (let i = 0; i < times; i++) this.#store.pushFailure(failure);
  }

  takeFailure(): BankIdSimulatedFailure | undefined {
    return this.#store.takeFailure();
  }

  /**
   * A new order, as /auth, /sign, /phone/auth and /phone/sign make it. A pending order for the same person makes
   * BankID refuse this one with alreadyInProgress and cancel that one too, so neither can be completed.
   */
  createOrder(request: BankIdOrderRequest): BankIdOrder {
    const orders = this.listOrders();
    const createdAt = this.now();
    for (const old of orders) {
      if (old.expiresAt + ORDER_RETENTION_MS < createdAt) this.#store.remove(old.orderRef);
    }
    const { personalNumber } = request;
    if (personalNumber) {
      const running = orders.find(
        (order) => order.status === 'pending' && order.request.personalNumber === personalNumber,
      );
      if (running) {
        this.#fail(running, 'cancelled');
        throw new BankIdError('alreadyInProgress', 'Order already in progress for pno');
      }
    }
    const isPhone = request.kind.startsWith('phone/');
    const order: BankIdOrder = {
      orderRef: randomUUID(),
      request,
      createdAt,
      expiresAt: createdAt + this.orderTtlMs,
      status: 'pending',
      hintCode: 'outstandingTransaction',
      ...(isPhone ? {} : { autoStartToken: randomUUID(), qrStartToken: randomUUID(), qrStartSecret: randomUUID() }),
    };
    this.#store.insert(order);
    return order;
  }

  /** The order as collect would see it now; notFound when there is none. */
  findOrder(orderRef: string): BankIdOrder {
    const order = this.#store.find(orderRef);
    if (!order) throw new BankIdError('notFound', 'No such order');
    return this.#expireIfDue(order);
  }

  /** Every order, oldest first, with expiry applied. */
  listOrders(): BankIdOrder[] {
    return this.#store.list().map((order) => this.#expireIfDue(order));
  }

  /** The relying party's /cancel: a pending order fails `cancelled`; a finished one is left as it was. */
  cancel(orderRef: string): void {
    const order = this.findOrder(orderRef);
    if (order.status === 'pending') this.#fail(order, 'cancelled');
  }

  /** The user opens the app (autostart or QR): `started`, or for a phone order the call-confirmation screen. */
  startApp(orderRef: string): BankIdOrder {
    const order = this.#pending(orderRef);
    return this.#saveHint(order, order.request.kind.startsWith('phone/') ? 'userCallConfirm' : 'started');
  }

  /** The app asks for the security code: `userSign` (after the passport step, `userMrtd`, when one is required). */
  promptUser(orderRef: string): BankIdOrder {
    return this.setHint(orderRef, 'userSign');
  }

  /** Any pending hint, e.g. `noClient` or `userMrtd`, for a client's handling of each. */
  setHint(orderRef: string, hintCode: BankIdPendingHint): BankIdOrder {
    if (!BANKID_PENDING_HINTS.includes(hintCode)) throw new BankIdError('invalidParameters', 'Not a pending hint');
    return this.#saveHint(this.#pending(orderRef), hintCode);
  }

  /** As if a pending order had started `ms` earlier, for a test that ages its QR code or nears its expiry. */
  backdateOrder(orderRef: string, ms: number): BankIdOrder {
    const order = this.#pending(orderRef);
    const backdated = { ...order, createdAt: order.createdAt - ms, expiresAt: order.expiresAt - ms };
    this.#store.savePending(backdated);
    return backdated;
  }

  /**
   * The app scans an animated QR payload: true (and the order started) when it names a pending order, its code is
   * authentic and its time within two seconds of the simulator's; false otherwise, as the app would refuse it.
   */
  scanQr(qrData: string): boolean {
    const token = qrStartTokenOf(qrData);
    const order = token ? this.listOrders().find((o) => o.qrStartToken === token) : undefined;
    if (!order?.qrStartToken || !order.qrStartSecret) return false;
    const qrOrder = {
      qrStartToken: order.qrStartToken,
      qrStartSecret: order.qrStartSecret,
      createdAt: order.createdAt,
    };
    if (!verifyQrData(qrData, qrOrder, this.now()).isValid) return false;
    if (order.status !== 'pending') return false;
    this.#saveHint(order, 'started');
    return true;
  }

  /**
   * The user identifies with their security code: the order completes with that person's completion data. When
   * the order named a person only that person can; the app refuses anyone else and the order stays pending.
   */
  approve(orderRef: string, personalNumber: string): BankIdOrder {
    const order = this.#pending(orderRef);
    const person = this.testPersons.find((candidate) => candidate.personalNumber === personalNumber);
    if (!person) throw new BankIdError('invalidParameters', `No test person ${personalNumber}`);
    const required = order.request.personalNumber;
    if (required && required !== personalNumber) {
      throw new BankIdError('invalidParameters', `Only ${required} may approve this order`, 409);
    }
    const { hintCode: _pendingHint, ...rest } = order;
    const completionData = buildCompletionData({
      orderRef,
      request: order.request,
      person,
      relyingPartyName: this.relyingPartyName,
    });
    return this.#end({ ...rest, status: 'complete', completionData });
  }

  /** The user presses Cancel in the app. */
  cancelByUser(orderRef: string): BankIdOrder {
    return this.failOrder(orderRef, 'userCancel');
  }

  /** The order runs out of time now instead of after its TTL. */
  expire(orderRef: string): BankIdOrder {
    return this.failOrder(orderRef, 'expiredTransaction');
  }

  /** Any failure hint, e.g. `certificateErr` or `startFailed`. */
  failOrder(orderRef: string, hintCode: BankIdFailedHint): BankIdOrder {
    if (!BANKID_FAILED_HINTS.includes(hintCode)) throw new BankIdError('invalidParameters', 'Not a failure hint');
    return this.#fail(this.#pending(orderRef), hintCode);
  }

  reset(): void {
    this.#store.clear();
  }

  #pending(orderRef: string): BankIdOrder {
    const order = this.findOrder(orderRef);
    if (order.status !== 'pending') throw this.#ended(order);
    return order;
  }

  #ended(order: BankIdOrder): BankIdError {
    return new BankIdError('invalidParameters', `Order is ${order.status} (${order.hintCode ?? 'no hint'})`, 409);
  }

  #expireIfDue(order: BankIdOrder): BankIdOrder {
    if (order.status === 'pending' && this.now() >= order.expiresAt) return this.#fail(order, 'expiredTransaction');
    return order;
  }

  #saveHint(order: BankIdOrder, hintCode: BankIdPendingHint): BankIdOrder {
    const changed = { ...order, hintCode };
    this.#store.savePending(changed);
    return changed;
  }

  #fail(order: BankIdOrder, hintCode: BankIdFailedHint): BankIdOrder {
    return this.#end({ ...order, status: 'failed', hintCode });
  }

  /** Ends the order; when another process ended it first, the tester is told, as the app would show it. */
  #end(order: BankIdOrder): BankIdOrder {
    const { kept, isFirst } = this.#store.finish(order);
    // Expiry and the RP's cancel lose quietly: collect reports whatever ended the order first.
    if (isFirst || order.hintCode === 'expiredTransaction' || order.hintCode === 'cancelled') return kept;
    throw this.#ended(kept);
  }
}
