import { randomBytes } from 'node:crypto';
import type { BankIdPurpose } from '@signlink/contracts/bankid/bankid-orders';
import { formatPersonalNumber, isAdult, parsePersonalNumber } from '@signlink/contracts/validation/personal-number';
import type { BankIdCompletionData } from '@signlink/providers/bankid/bankid.port';
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

function clientOf(deps: BankIdDeps): BankIdRpClient {
  if (!deps.client) throw new AppError('BANKID_START_FAILED', { details: { reason: 'bankid-not-configured' } });
  return deps.client;
}

/** Starts an order at BankID and keeps it; the browser gets a key, the autostart link and the first QR. */
export async function startBankIdOrder(
  deps: BankIdDeps,
  input: { purpose: BankIdPurpose; endUserIp: string; replacesClientAccessKey?: string | undefined },
) {
  const client = clientOf(deps);
  const now = new Date();
  if (input.replacesClientAccessKey) await cancelBankIdOrder(deps, input.replacesClientAccessKey);
  let started: Awaited<ReturnType<BankIdRpClient['auth']>>;
  try {
    started = await client.auth({ endUserIp: input.endUserIp });
  } catch (error) {
    throw new AppError('BANKID_START_FAILED', { cause: error, details: { bankIdError: errorCodeOf(error) } });
  }
  const row = {
    id: newId('bid'),
    clientAccessKey: randomBytes(24).toString('base64url'),
    purpose: input.purpose,
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
export async function refreshBankIdOrder(deps: BankIdDeps, clientAccessKey: string) {
  let order = await findOrderOrThrow(deps, clientAccessKey);
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
 * The confirmed identity of a completed order. A registration refuses a person under 18 (SPEC sections 5
 * and 9). A failed or cancelled order is "action cancelled" (SPEC section 4); a pending one says so.
 */
export async function validateBankIdOrder(deps: BankIdDeps, clientAccessKey: string) {
  let order = await findOrderOrThrow(deps, clientAccessKey);
  if (order.status === 'pending') order = await collect(deps, order, new Date());
  if (order.status === 'failed' || order.status === 'cancelled') {
    throw new AppError('ACTION_CANCELLED', { details: { hintCode: order.hintCode } });
  }
  if (order.status === 'pending') return { Status: order.status };
  const user = (order.completionData as unknown as BankIdCompletionData).user;
  const personalNumber = parsePersonalNumber(user.personalNumber);
  if (!personalNumber) throw new AppError('INVALID_PERSONAL_NUMBER');
  if (order.purpose === 'registration' && !isAdult(personalNumber, new Date())) {
    throw new AppError('PERSON_TOO_YOUNG');
  }
  return {
    Status: order.status,
    User: {
      PersonalNumber: formatPersonalNumber(personalNumber),
      Name: user.name,
      GivenName: user.givenName,
      Surname: user.surname,
    },
  };
}

/** The user cancelled, or a new order replaced this one: cancelled here and at BankID. */
export async function cancelBankIdOrder(deps: BankIdDeps, clientAccessKey: string) {
  const order = await findBankIdOrder(deps.db, clientAccessKey);
  if (order?.status !== 'pending') return;
  await updatePendingOrder(deps.db, order.id, { status: 'cancelled', hintCode: 'cancelled' });
  // Best effort: BankID ends an order it no longer hears about within minutes anyway.
  await deps.client?.cancel(order.orderRef).catch(() => undefined);
}

async function findOrderOrThrow(deps: BankIdDeps, clientAccessKey: string) {
  const order = await findBankIdOrder(deps.db, clientAccessKey);
  if (!order) throw new AppError('NOT_FOUND');
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
  return updated ?? (await findOrderOrThrow(deps, order.clientAccessKey));
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
