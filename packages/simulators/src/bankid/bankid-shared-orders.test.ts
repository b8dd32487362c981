import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFolderBankIdOrderStore } from './bankid-folder-order-store.ts';
import { type RunningBankIdSimulator, startBankIdSimulator } from './bankid-simulator.ts';
import { callBankIdSimulator } from './bankid-test-client.ts';

/*
 * Two simulators on one folder stand for two server processes behind a load balancer: each has its own port and
 * test PKI, as each process starts its own, and every order must look the same from both.
 */
describe('BankID simulators sharing one folder', () => {
  let folder: string;
  let a: RunningBankIdSimulator;
  let b: RunningBankIdSimulator;
  const call = (sim: RunningBankIdSimulator, route: string, body?: unknown) =>
    callBankIdSimulator({ url: `${sim.url}${route}`, pki: sim.pki, body });
  const startAuth = async (sim: RunningBankIdSimulator) => {
    const response = await call(sim, '/rp/v6.0/auth', { endUserIp: '192.0.2.1' });
    expect(response.status).toBe(200);
    return response.body.orderRef as string;
  };

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bankid-orders-'));
    a = await startBankIdSimulator({ store: createFolderBankIdOrderStore(folder) });
    b = await startBankIdSimulator({ store: createFolderBankIdOrderStore(folder) });
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    fs.rmSync(folder, { recursive: true, force: true });
  });
  beforeEach(() => a.controls.reset());

  it("collects on one what the other started, and sees the tester's steps taken on either", async () => {
    const orderRef = await startAuth(a);
    expect((await call(b, '/rp/v6.0/collect', { orderRef })).body).toEqual({
      orderRef,
      status: 'pending',
      hintCode: 'outstandingTransaction',
    });
    expect((await call(b, `/sim-control/orders/${orderRef}/start`, {})).status).toBe(200);
    expect((await call(a, '/rp/v6.0/collect', { orderRef })).body).toMatchObject({ hintCode: 'started' });

    const approved = await call(a, `/sim-control/orders/${orderRef}/approve`, { personalNumber: '198507142381' });
    expect(approved.status).toBe(200);
    const collected = await call(b, '/rp/v6.0/collect', { orderRef });
    expect(collected.body).toMatchObject({ status: 'complete', completionData: { user: { givenName: 'Erik' } } });
    expect((await call(a, '/rp/v6.0/collect', { orderRef })).body).toEqual(collected.body);
  });

  it("cancels on one an order the other started, and refuses the tester's approval after that", async () => {
    const orderRef = await startAuth(b);
    expect((await call(a, '/rp/v6.0/cancel', { orderRef })).status).toBe(200);
    expect((await call(b, '/rp/v6.0/collect', { orderRef })).body).toEqual({
      orderRef,
      status: 'failed',
      hintCode: 'cancelled',
    });
    const late = await call(b, `/sim-control/orders/${orderRef}/approve`, { personalNumber: '198507142381' });
    expect(late.status).toBe(409);
  });

  it('refuses a second order for a person whose first was started on the other, as BankID does', async () => {
    const requirement = { personalNumber: '199001011239' };
    expect((await call(a, '/rp/v6.0/auth', { endUserIp: '192.0.2.1', requirement })).status).toBe(200);
    const second = await call(b, '/rp/v6.0/auth', { endUserIp: '192.0.2.1', requirement });
    expect(second.body).toMatchObject({ errorCode: 'alreadyInProgress' });
    expect(b.controls.listOrders().map((order) => order.hintCode)).toEqual(['cancelled']);
  });

  it('lets the first ending win when two processes end the same order at once', () => {
    const orderRef = a.controls.createOrder({ kind: 'auth', endUserIp: '192.0.2.1' }).orderRef;
    const first = createFolderBankIdOrderStore(folder);
    const second = createFolderBankIdOrderStore(folder);
    // Both read the order while it is pending; each then ends it its own way.
    const seenByFirst = first.find(orderRef);
    const seenBySecond = second.find(orderRef);
    if (!seenByFirst || !seenBySecond) throw new Error('order not stored');
    const approved = first.finish({ ...seenByFirst, status: 'complete', hintCode: undefined });
    const cancelled = second.finish({ ...seenBySecond, status: 'failed', hintCode: 'cancelled' });
    expect(approved).toMatchObject({ isFirst: true, kept: { status: 'complete' } });
    expect(cancelled).toMatchObject({ isFirst: false, kept: { status: 'complete' } });
    // A pending hint written after the end does not bring the order back.
    second.savePending({ ...seenBySecond, hintCode: 'userSign' });
    expect(b.controls.findOrder(orderRef)).toMatchObject({ status: 'complete' });
  });

  it('fails on one the next call a test asked the other to fail', async () => {
    a.controls.failNext({ status: 503, errorCode: 'maintenance' });
    expect((await call(b, '/rp/v6.0/auth', { endUserIp: '192.0.2.1' })).status).toBe(503);
    expect((await call(a, '/rp/v6.0/auth', { endUserIp: '192.0.2.1' })).status).toBe(200);
  });

  it('keeps its orders for a simulator started later, and answers notFound for a path as an orderRef', async () => {
    const orderRef = await startAuth(a);
    const later = await startBankIdSimulator({ store: createFolderBankIdOrderStore(folder) });
    try {
      expect((await call(later, '/rp/v6.0/collect', { orderRef })).body).toMatchObject({ status: 'pending' });
      const outside = await call(later, '/rp/v6.0/collect', { orderRef: `../${path.basename(folder)}/x` });
      expect(outside.body).toMatchObject({ errorCode: 'notFound' });
    } finally {
      await later.close();
    }
  });
});
