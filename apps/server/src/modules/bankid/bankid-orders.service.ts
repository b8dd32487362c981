import { randomBytes } from 'node:crypto';
import type { BankIdOrderPurpose } from '@signlink/contracts/bankid/bankid-orders';
import { BankIdError } from '@signlink/providers/bankid/bankid-error';
import { bankIdQrData, secondsSince } from '@signlink/providers/bankid/bankid-qr';
import type { BankIdRpClient } from '@signlink/providers/bankid/bankid-rp.adapter';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import {
  type BankIdOrderRow,
  findBankIdOrder,
  insertBankIdOrder,
  updatePendingOrder,
} from './bankid-orders.repository.ts';

/** BankID asks relying parties to collect every two seconds while an order is pending (issue 4, part 3). */
export const collectIntervalMs = 2000;

export interface BankIdDeps {
  db: Database;
  client: BankIdRpClient | undefined;
}

/** Which orders a caller may see: an order made for one link or purpose is unknown to every other. */
export interface OrderScope {
  purposes: readonly BankIdOrderPurpose[];
  linkId?: string | undefined;
}

export interface StartOrderInput {
  purpose: BankIdOrderPurpose;
  endUserIp: string;
  replacesClientAccessKey?: string | undefined;
  linkId?: string | undefined;
  requestToken?: string | undefined;
  /** A sign order shows `userVisibleData` in the app and binds `userNonVisibleData` into the signature. */
  sign?: { userVisibleData: string; userNonVisibleData: string };
  /** Context an auth order shows while the user identifies. */
  authText?: string;
}

function clientOf(deps: BankIdDeps): BankIdRpClient {
  if (!deps.client) throw new AppError('BANKID_START_FAILED', { details: { reason: 'bankid-not-configured' } });
  return deps.client;
}

/** Starts an order at BankID and keeps it; the browser gets a key, the autostart link and the first QR. */
export async function startBankIdOrder(deps: BankIdDeps, input: StartOrderInput) {
  const client = clientOf(deps);
  const now = new Date();
  if (input.replacesClientAccessKey) {
    await cancelBankIdOrder(deps, input.replacesClientAccessKey, { purposes: [input.purpose], linkId: input.linkId });
  }
  let started: Awaited<ReturnType<BankIdRpClient['auth']>>;
  try {
    started = input.sign
      ? await client.sign({ endUserIp: input.endUserIp, ...input.sign })
      : await client.auth({
          endUserIp: input.endUserIp,
          ...(input.authText ? { userVisibleData: input.authText } : {}),
        });
  } catch (error) {
    throw new AppError('BANKID_START_FAILED', { cause: error, details: { bankIdError: errorCodeOf(error) } });
  }
  const row = {
    id: newId('bid'),
    clientAccessKey: randomBytes(24).toString('base64url'),
    purpose: input.purpose,
    kind: input.sign ? ('sign' as const) : ('auth' as const),
    linkId: input.linkId ?? null,
    requestToken: input.requestToken ?? null,
    userVisibleData: input.sign?.userVisibleData ?? input.authText ?? null,
    orderRef: started.orderRef,
    autoStartToken: started.autoStartToken,
    qrStartToken: started.qrStartToken,
    qrStartSecret: started.qrStartSecret,
    endUserIp: input.endUserIp,
    startedAt: now,
  };
  await insertBankIdOrder(deps.db, row);
  return {
    ClientAccessKey: row.clientAccessKey,
    // `redirect=null`: BankID returns the user to the browser that opened it (the RP guidelines' advice for web).
    AutoStartURL: `bankid:///?autostarttoken=${encodeURIComponent(row.autoStartToken)}&redirect=null`,
    QrCodeData: qrOf(row, now),
  };
}

/**
 * The browser's once-a-second refresh: this second's QR code, and the order's state, collected from BankID
 * at most every two seconds whoever asks (any API process: the last collect time is in the database).
 */
export async function refreshBankIdOrder(deps: BankIdDeps, clientAccessKey: string, scope: OrderScope) {
  let order = await findOrderOrThrow(deps, clientAccessKey, scope);
  const now = new Date();
  const isDue = !order.lastCollectedAt || now.getTime() - order.lastCollectedAt.getTime() >= collectIntervalMs;
  if (order.status === 'pending' && isDue) order = await collect(deps, order, now);
  return {
    Status: order.status,
    ...(order.hintCode ? { HintCode: order.hintCode } : {}),
    ...(order.status === 'pending' ? { QrCodeData: qrOf(order, now) } : {}),
  };
}

/**
 * The order as its validation needs it: collected once more if still pending. A failed or cancelled
 * order is "action cancelled" (SPEC section 4); a pending one is returned for the caller to say so.
 */
export async function settledBankIdOrder(deps: BankIdDeps, clientAccessKey: string, scope: OrderScope) {
  let order = await findOrderOrThrow(deps, clientAccessKey, scope);
  if (order.status === 'pending') order = await collect(deps, order, new Date());
  if (order.status === 'failed' || order.status === 'cancelled') {
    throw new AppError('ACTION_CANCELLED', { details: { hintCode: order.hintCode } });
  }
  return order;
}

/** The user cancelled, or a new order replaced this one: cancelled here and at BankID. */
export async function cancelBankIdOrder(deps: BankIdDeps, clientAccessKey: string, scope: OrderScope) {
  const order = await findBankIdOrder(deps.db, clientAccessKey);
  if (!order || !isInScope(order, scope) || order.status !== 'pending') return;
  await updatePendingOrder(deps.db, order.id, { status: 'cancelled', hintCode: 'cancelled' });
  // Best effort: BankID ends an order it no longer hears about within minutes anyway.
  await deps.client?.cancel(order.orderRef).catch(() => undefined);
}

function isInScope(order: BankIdOrderRow, scope: OrderScope) {
  return (scope.purposes as readonly string[]).includes(order.purpose) && (order.linkId ?? undefined) === scope.linkId;
}

async function findOrderOrThrow(deps: BankIdDeps, clientAccessKey: string, scope: OrderScope) {
  const order = await findBankIdOrder(deps.db, clientAccessKey);
  if (!order || !isInScope(order, scope)) throw new AppError('NOT_FOUND');
  return order;
}

async function collect(deps: BankIdDeps, order: BankIdOrderRow, now: Date): Promise<BankIdOrderRow> {
  let result: Awaited<ReturnType<BankIdRpClient['collect']>>;
  try {
    result = await clientOf(deps).collect(order.orderRef);
  } catch (error) {
    // BankID forgets orders it ended; a passing outage keeps the order pending for the next collect.
    if (error instanceof BankIdError && error.errorCode === 'notFound') {
      return (await updatePendingOrder(deps.db, order.id, { status: 'failed', hintCode: 'notFound' })) ?? order;
    }
    if (error instanceof BankIdError && error.isRetryable) return order;
    throw error;
  }
  const patch =
    result.status === 'complete'
      ? {
          status: 'complete' as const,
          hintCode: null,
          completionData: result.completionData as unknown as Record<string, unknown>,
          completedAt: now,
        }
      : { status: result.status, hintCode: result.hintCode };
  const updated = await updatePendingOrder(deps.db, order.id, { ...patch, lastCollectedAt: now });
  // Another process moved it first (a cancel, or its own collect): read what it wrote.
  return updated ?? (await findBankIdOrder(deps.db, order.clientAccessKey)) ?? order;
}

function qrOf(order: Pick<BankIdOrderRow, 'qrStartToken' | 'qrStartSecret' | 'startedAt'>, now: Date) {
  return bankIdQrData({
    qrStartToken: order.qrStartToken,
    qrStartSecret: order.qrStartSecret,
    secondsSinceStart: secondsSince(order.startedAt, now),
  });
}

function errorCodeOf(error: unknown) {
  return error instanceof BankIdError ? error.errorCode : 'unexpected';
}
