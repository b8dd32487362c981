import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.ts';
import { type RunningBankId, startBankId } from './start-bankid.ts';

const running: RunningBankId[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((bankId) => bankId.stop()));
});

async function startProcessBankId(dataDir: string) {
  const bankId = await startBankId(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
  running.push(bankId);
  if (!bankId.client || !bankId.simulator) throw new Error('the BankID simulator runs in tests');
  return { client: bankId.client, controls: bankId.simulator.controls };
}

describe('startBankId with simulators on', () => {
  it('keeps orders in the data folder, so each process on it collects what another started', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'signlink-bankid-'));
    // Two server processes on one data folder, each with its own simulator on loopback.
    const first = await startProcessBankId(dataDir);
    const second = await startProcessBankId(dataDir);
    const { orderRef } = await first.client.auth({ endUserIp: '192.0.2.1' });
    expect(await second.client.collect(orderRef)).toMatchObject({ status: 'pending' });
    second.controls.approve(orderRef, '198507142381');
    expect(await first.client.collect(orderRef)).toMatchObject({
      status: 'complete',
      completionData: { user: { personalNumber: '198507142381' } },
    });
    expect(fs.readdirSync(path.join(dataDir, 'simulators', 'bankid', 'orders'))).toContain(`${orderRef}.ended.json`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
