import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { findBankIdOrder } from '../src/modules/bankid/bankid-orders.repository.ts';
import type { TestApp } from './build-test-app.ts';

/** The simulator's controls: tests act as the person holding the BankID app. */
export function bankIdControls(testApp: TestApp) {
  const simulator = testApp.bankId.simulator;
  if (!simulator) throw new Error('the BankID simulator runs in tests');
  return simulator.controls;
}

/** Starts an order through `url` and returns what the browser got with the stored row. */
export async function startOrder(testApp: TestApp, url: string, body: Record<string, unknown> = {}) {
  const response = await testApp.app.inject({ method: 'POST', url, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  const started = response.json() as { ClientAccessKey: string; AutoStartURL: string; QrCodeData: string };
  const order = await findBankIdOrder(testApp.database.db, started.ClientAccessKey);
  if (!order) throw new Error('order not stored');
  return { started, order, raw: response.body };
}

/** As if time passed: the next refresh collects at once, and the QR code counts `seconds` from the start. */
export async function ageOrder(testApp: TestApp, key: string, seconds = 0) {
  await testApp.database.db.execute(sql`update bankid_orders
    set last_collected_at = now() - interval '10 seconds', started_at = started_at - make_interval(secs => ${seconds})
    where client_access_key = ${key}`);
}

/** Starts an order through `url` and has `personalNumber` approve it in the app. */
export async function approvedOrder(testApp: TestApp, url: string, personalNumber: string, body = {}) {
  const { started, order } = await startOrder(testApp, url, body);
  bankIdControls(testApp).approve(order.orderRef, personalNumber);
  await ageOrder(testApp, started.ClientAccessKey);
  return { key: started.ClientAccessKey, order };
}
