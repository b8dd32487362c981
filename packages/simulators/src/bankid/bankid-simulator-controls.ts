import { randomUUID } from 'node:crypto';
import { type BankIdCompletionData, buildCompletionData } from './bankid-completion.ts';
import { BankIdError } from './bankid-errors.ts';
import { qrStartTokenOf, verifyQrData } from './bankid-qr.ts';
import type { BankIdOrderRequest } from './bankid-requests.ts';
import { type BankIdTestPerson, listBankIdTestPersons } from './bankid-test-persons.ts';

/*
 * The simulator's orders and the tester's side of them: what the BankID app and its user would do (open the app,
 * scan the QR code, approve, cancel), done by a test or the `/sim/bankid` page. Collect's hint codes follow the
 * RP API v6.0 lists; orders expire lazily, when next looked at, against the injected clock.
 */

export const BANKID_PENDING_HINTS = [
  'outstandingTransaction',
  'noClient',
  'started',
  'userMrtd',
  'userCallConfirm',
  'userSign',
] as const;
export const BANKID_FAILED_HINTS = [
  'expiredTransaction',
  'certificateErr',
  'userCancel',
  'cancelled',
  'startFailed',
  'userDeclinedCall',
  'notSupportedByUserApp',
] as const;
export type BankIdPendingHint = (typeof BANKID_PENDING_HINTS)[number];
export type BankIdFailedHint = (typeof BANKID_FAILED_HINTS)[number];

export interface BankIdOrder {
  orderRef: string;
  request: BankIdOrderRequest;
  /** Epoch milliseconds, by the simulator's clock. */
  createdAt: number;
  expiresAt: number;
  status: 'pending' | 'failed' | 'complete';
  hintCode?: BankIdPendingHint | BankIdFailedHint;
  /** Absent for phone orders, which are started by BankID calling the user's app. */
  autoStartToken?: string;
  qrStartToken?: string;
  qrStartSecret?: string;
  completionData?: BankIdCompletionData;
}

export interface BankIdSimulatedFailure {
  /** HTTP status, e.g. 500 or 503. */
  status: number;
  /** BankID error code, e.g. internalError or maintenance. */
  errorCode: string;
  details?: string;
}

export interface BankIdSimulatorControlsOptions {
  /** The simulator's clock in epoch milliseconds; tests move it to expire orders or age QR codes. */
  now?: () => number;
  /** How long an order may stay pending; BankID's is 3 minutes. */
  orderTtlMs?: number;
  /** Shown as the relying party in signatures. */
  relyingPartyName?: string;
}

const DEFAULT_ORDER_TTL_MS = 3 * 60_000;

export class BankIdSimulatorControls {
  readonly orders = new Map<string, BankIdOrder>();
  /** Who can approve orders; a test may add people. */
  readonly testPersons: BankIdTestPerson[];
  readonly now: () => number;
  readonly orderTtlMs: number;
  readonly relyingPartyName: string;
  #failures: BankIdSimulatedFailure[] = [];

  constructor(options: BankIdSimulatorControlsOptions = {}) {
    this.now = options.now ?? Date.now;
    this.orderTtlMs = options.orderTtlMs ?? DEFAULT_ORDER_TTL_MS;
    this.relyingPartyName = options.relyingPartyName ?? 'Signlink';
    this.testPersons = listBankIdTestPersons(new Date(this.now()));
  }

  /** The next `times` (default 1) RP API calls fail with this status and BankID error body. */
  failNext({ times = 1, ...failure }: BankIdSimulatedFailure & { times?: number }): void {
    for (let i = 0; i < times; i++) this.#failures.push(failure);
  }

  takeFailure(): BankIdSimulatedFailure | undefined {
    return this.#failures.shift();
  }

  /**
   * A new order, as /auth, /sign, /phone/auth and /phone/sign make it. A pending order for the same person makes
   * BankID refuse this one with alreadyInProgress and cancel that one too, so neither can be completed.
   */
  createOrder(request: BankIdOrderRequest): BankIdOrder {
    const { personalNumber } = request;
    if (personalNumber) {
      const running = this.listOrders().find(
        (order) => order.status === 'pending' && order.request.personalNumber === personalNumber,
      );
      if (running) {
        this.#fail(running, 'cancelled');
        throw new BankIdError('alreadyInProgress', 'Order already in progress for pno');
      }
    }
    const createdAt = this.now();
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
    this.orders.set(order.orderRef, order);
    return order;
  }

  /** The order as collect would see it now; notFound when there is none. */
  findOrder(orderRef: string): BankIdOrder {
    const order = this.orders.get(orderRef);
    if (!order) throw new BankIdError('notFound', 'No such order');
    if (order.status === 'pending' && this.now() >= order.expiresAt) this.#fail(order, 'expiredTransaction');
    return order;
  }

  /** Every order, oldest first, with expiry applied. */
  listOrders(): BankIdOrder[] {
    return [...this.orders.keys()].map((orderRef) => this.findOrder(orderRef));
  }

  /** The relying party's /cancel: a pending order fails `cancelled`; a finished one is left as it was. */
  cancel(orderRef: string): void {
    const order = this.findOrder(orderRef);
    if (order.status === 'pending') this.#fail(order, 'cancelled');
  }

  /** The user opens the app (autostart or QR): `started`, or for a phone order the call-confirmation screen. */
  startApp(orderRef: string): BankIdOrder {
    const order = this.#pending(orderRef);
    order.hintCode = order.request.kind.startsWith('phone/') ? 'userCallConfirm' : 'started';
    return order;
  }

  /** The app asks for the security code: `userSign` (after the passport step, `userMrtd`, when one is required). */
  promptUser(orderRef: string): BankIdOrder {
    return this.setHint(orderRef, 'userSign');
  }

  /** Any pending hint, e.g. `noClient` or `userMrtd`, for a client's handling of each. */
  setHint(orderRef: string, hintCode: BankIdPendingHint): BankIdOrder {
    if (!BANKID_PENDING_HINTS.includes(hintCode)) throw new BankIdError('invalidParameters', 'Not a pending hint');
    const order = this.#pending(orderRef);
    order.hintCode = hintCode;
    return order;
  }

  /**
   * The app scans an animated QR payload: true (and the order started) when it names a pending order, its code is
   * authentic and its time within two seconds of the simulator's; false otherwise, as the app would refuse it.
   */
  scanQr(qrData: string): boolean {
    const token = qrStartTokenOf(qrData);
    const order = token ? [...this.orders.values()].find((o) => o.qrStartToken === token) : undefined;
    if (!order?.qrStartToken || !order.qrStartSecret) return false;
    const qrOrder = {
      qrStartToken: order.qrStartToken,
      qrStartSecret: order.qrStartSecret,
      createdAt: order.createdAt,
    };
    if (!verifyQrData(qrData, qrOrder, this.now()).isValid) return false;
    if (this.findOrder(order.orderRef).status !== 'pending') return false;
    order.hintCode = 'started';
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
    order.status = 'complete';
    delete order.hintCode;
    order.completionData = buildCompletionData({
      orderRef,
      request: order.request,
      person,
      relyingPartyName: this.relyingPartyName,
    });
    return order;
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
    const order = this.#pending(orderRef);
    this.#fail(order, hintCode);
    return order;
  }

  reset(): void {
    this.orders.clear();
    this.#failures = [];
  }

  #pending(orderRef: string): BankIdOrder {
    const order = this.findOrder(orderRef);
    if (order.status !== 'pending') {
      throw new BankIdError('invalidParameters', `Order is ${order.status} (${order.hintCode ?? 'no hint'})`, 409);
    }
    return order;
  }

  #fail(order: BankIdOrder, hintCode: BankIdFailedHint): void {
    order.status = 'failed';
    order.hintCode = hintCode;
  }
}
