import type { BankIdRefreshResponse, StartBankIdResponse } from '@signlink/contracts/bankid/bankid-orders';
import { timings } from '@signlink/contracts/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type BankIdApi,
  type BankIdDevice,
  BankIdMachine,
  optionsForDevice,
  subStateForHint,
} from './bankid-machine.ts';

const user = { PersonalNumber: '19900101-1234', Name: 'Anna Andersson', GivenName: 'Anna', Surname: 'Andersson' };
const keyA = 'keyA_0123456789abcdefghij';
const keyB = 'keyB_0123456789abcdefghij';

function order(key = keyA): StartBankIdResponse {
  return {
    ClientAccessKey: key,
    AutoStartURL: `bankid:///?autostarttoken=${key}&redirect=null`,
    QrCodeData: 'bankid.t.0.h',
  };
}

/** An API whose refresh answers `pending` with the next second's QR until `answers` says otherwise. */
function fakeApi() {
  let second = 0;
  const answers: BankIdRefreshResponse[] = [];
  const api = {
    start: vi.fn<BankIdApi['start']>(async () => order()),
    refresh: vi.fn<BankIdApi['refresh']>(async () => {
      second++;
      return (
        answers.shift() ?? { Status: 'pending', HintCode: 'outstandingTransaction', QrCodeData: `bankid.t.${second}.h` }
      );
    }),
    validate: vi.fn<BankIdApi['validate']>(async () => ({ Status: 'complete', User: user })),
    cancel: vi.fn<BankIdApi['cancel']>(async () => undefined),
  };
  return { api, answers };
}

function createMachine(device: BankIdDevice = 'desktop') {
  const { api, answers } = fakeApi();
  const machine = new BankIdMachine({ api, purpose: 'login', device });
  return { machine, api, answers };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('BankID machine', () => {
  it('offers start options by device', () => {
    expect(optionsForDevice('desktop')).toEqual(['mobileBankId', 'thisDevice']);
    expect(optionsForDevice('phone')).toEqual(['thisDevice', 'otherDevice']);
    expect(optionsForDevice('ipad')).toEqual(['thisDevice', 'mobileBankId']);
    const { machine } = createMachine('phone');
    expect(machine.getState()).toMatchObject({
      step: 'start',
      subState: 'notStarted',
      options: ['thisDevice', 'otherDevice'],
    });
  });

  it('maps hint codes to sub-states', () => {
    expect(subStateForHint('outstandingTransaction')).toBe('awaitingUser');
    expect(subStateForHint('noClient')).toBe('awaitingUser');
    for (const hint of ['started', 'userSign', 'userMrtd', 'userCallConfirm']) {
      expect(subStateForHint(hint)).toBe('awaitingBankId');
    }
    expect(subStateForHint('somethingNew')).toBeUndefined();
    expect(subStateForHint(undefined)).toBeUndefined();
  });

  it('starts a QR order, refreshes it every second and is done when BankID completes', async () => {
    const { machine, api, answers } = createMachine();
    const started = machine.choose('mobileBankId');
    expect(machine.getState().step).toBe('loading');
    await started;
    expect(api.start).toHaveBeenCalledWith({ Purpose: 'login', ReplacesClientAccessKey: undefined });
    expect(machine.getState()).toMatchObject({ step: 'qrVerify', subState: 'started', clientAccessKey: keyA });
    expect(machine.getState().qrCodeData).toBe('bankid.t.0.h');

    await vi.advanceTimersByTimeAsync(timings.bankIdQrRefreshMs - 1);
    expect(api.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect(machine.getState()).toMatchObject({ subState: 'awaitingUser', qrCodeData: 'bankid.t.1.h' });
    await vi.advanceTimersByTimeAsync(timings.bankIdQrRefreshMs);
    expect(api.refresh).toHaveBeenCalledTimes(2);
    expect(machine.getState().qrCodeData).toBe('bankid.t.2.h');

    answers.push({ Status: 'pending', HintCode: 'userSign' });
    await vi.advanceTimersByTimeAsync(timings.bankIdQrRefreshMs);
    // No QR in the answer: the last one stays.
    expect(machine.getState()).toMatchObject({ subState: 'awaitingBankId', qrCodeData: 'bankid.t.2.h' });

    answers.push({ Status: 'complete' });
    await vi.advanceTimersByTimeAsync(timings.bankIdQrRefreshMs);
    expect(api.validate).toHaveBeenCalledWith(keyA);
    expect(machine.getState()).toMatchObject({ subState: 'done', user });
    await vi.advanceTimersByTimeAsync(5 * timings.bankIdQrRefreshMs);
    expect(api.refresh).toHaveBeenCalledTimes(4);
  });

  it('shows the cancel button only after three seconds', async () => {
    const { machine } = createMachine();
    await machine.choose('thisDevice');
    expect(machine.getState()).toMatchObject({ step: 'verify', canCancel: false, autoStartUrl: order().AutoStartURL });
    await vi.advanceTimersByTimeAsync(timings.bankIdCancelButtonDelayMs - 1);
    expect(machine.getState().canCancel).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(machine.getState().canCancel).toBe(true);
  });

  it('retries a failing start once, then says it could not start and returns to the options', async () => {
    const { machine, api } = createMachine();
    api.start.mockRejectedValue(Object.assign(new Error('502'), { code: 'BANKID_START_FAILED' }));
    await machine.choose('mobileBankId');
    expect(api.start).toHaveBeenCalledTimes(1 + timings.bankIdStartRetries);
    expect(machine.getState()).toMatchObject({ step: 'start', subState: 'notStarted', error: 'couldNotStart' });
    expect(machine.getState().clientAccessKey).toBeUndefined();
  });

  it('succeeds when the retry of the start works', async () => {
    const { machine, api } = createMachine();
    api.start.mockRejectedValueOnce(new Error('502'));
    await machine.choose('mobileBankId');
    expect(api.start).toHaveBeenCalledTimes(2);
    expect(machine.getState()).toMatchObject({ step: 'qrVerify', subState: 'started' });
    expect(machine.getState().error).toBeUndefined();
  });

  it('retries a failing restart with the key of the order it replaces', async () => {
    const { machine, api, answers } = createMachine();
    await machine.choose('mobileBankId');
    answers.push({ Status: 'failed', HintCode: 'userCancel' });
    await vi.advanceTimersByTimeAsync(timings.bankIdQrRefreshMs);
    api.start.mockClear();
    api.start.mockRejectedValueOnce(new Error('502')).mockResolvedValueOnce(order(keyB));
    await machine.restart();
    expect(api.start.mock.calls).toEqual([
      [{ Purpose: 'login', ReplacesClientAccessKey: keyA }],
      [{ Purpose: 'login', ReplacesClientAccessKey: keyA }],
    ]);
    expect(machine.getState()).toMatchObject({ step: 'qrVerify', subState: 'started', clientAccessKey: keyB });
  });

  it('checks at once when the person returns to the page while BankID awaits them', async () => {
    const { machine, api } = createMachine();
    await machine.choose('thisDevice');
    await vi.advanceTimersByTimeAsync(timings.bankIdQrRefreshMs);
    expect(machine.getState().subState).toBe('awaitingUser');
    expect(api.refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(300);
    machine.recheck();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.refresh).toHaveBeenCalledTimes(2);
    // The cadence restarts from the re-check rather than adding a call.
    await vi.advanceTimersByTimeAsync(timings.bankIdQrRefreshMs - 1);
    expect(api.refresh).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.refresh).toHaveBeenCalledTimes(3);
  });

  it('does not re-check while BankID itself is busy', async () => {
    const { machine, api, answers } = createMachine();
    await machine.choose('thisDevice');
    answers.push({ Status: 'pending', HintCode: 'userSign' });
    await vi.advanceTimersByTimeAsync(timings.bankIdQrRefreshMs);
    expect(machine.getState().subState).toBe('awaitingBankId');
    machine.recheck();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.refresh).toHaveBeenCalledTimes(1);
  });

  it('cancels: the key goes into the cancelled list, the server is told and late answers are ignored', async () => {
    const { machine, api } = createMachine();
    await machine.choose('mobileBankId');
    let answerLate: ((value: BankIdRefreshResponse) => void) | undefined;
    api.refresh.mockImplementationOnce(() => new Promise((resolve) => (answerLate = resolve)));
    await vi.advanceTimersByTimeAsync(timings.bankIdQrRefreshMs);
    expect(api.refresh).toHaveBeenCalledTimes(1);

    machine.cancel();
    expect(api.cancel).toHaveBeenCalledWith(keyA);
    expect(machine.isCancelled(keyA)).toBe(true);
    expect(machine.getState()).toMatchObject({ step: 'start', subState: 'cancelled', canCancel: false });

    answerLate?.({ Status: 'complete' });
    await vi.advanceTimersByTimeAsync(10 * timings.bankIdQrRefreshMs);
    expect(api.validate).not.toHaveBeenCalled();
    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect(machine.getState()).toMatchObject({ step: 'start', subState: 'cancelled' });
  });

  it('cancels an order whose start answers after the person cancelled', async () => {
    const { machine, api } = createMachine();
    let answerStart: ((value: StartBankIdResponse) => void) | undefined;
    api.start.mockImplementationOnce(() => new Promise((resolve) => (answerStart = resolve)));
    const started = machine.choose('mobileBankId');
    machine.cancel();
    answerStart?.(order(keyB));
    await started;
    expect(api.cancel).toHaveBeenCalledWith(keyB);
    expect(machine.getState().step).toBe('start');
    await vi.advanceTimersByTimeAsync(5 * timings.bankIdQrRefreshMs);
    expect(api.refresh).not.toHaveBeenCalled();
  });

  it('gives "action cancelled" when the order fails, and restarts replacing the failed key', async () => {
    const { machine, api, answers } = createMachine();
    await machine.choose('mobileBankId');
    answers.push({ Status: 'failed', HintCode: 'userCancel' });
    await vi.advanceTimersByTimeAsync(timings.bankIdQrRefreshMs);
    expect(machine.getState()).toMatchObject({
      subState: 'cancelled',
      error: 'actionCancelled',
      hintCode: 'userCancel',
    });
    await vi.advanceTimersByTimeAsync(5 * timings.bankIdQrRefreshMs);
    expect(api.refresh).toHaveBeenCalledTimes(1);

    api.start.mockResolvedValueOnce(order(keyB));
    await machine.restart();
    expect(api.start).toHaveBeenLastCalledWith({ Purpose: 'login', ReplacesClientAccessKey: keyA });
    expect(machine.getState()).toMatchObject({ step: 'qrVerify', subState: 'started', clientAccessKey: keyB });
    expect(machine.getState().error).toBeUndefined();
  });

  it('gives "action cancelled" when the refresh call fails', async () => {
    const { machine, api } = createMachine();
    await machine.choose('thisDevice');
    api.refresh.mockRejectedValueOnce(new Error('500'));
    await vi.advanceTimersByTimeAsync(timings.bankIdQrRefreshMs);
    expect(machine.getState()).toMatchObject({ step: 'verify', subState: 'cancelled', error: 'actionCancelled' });
  });

  it('says the person is too young when validation refuses them', async () => {
    const { machine, api, answers } = createMachine();
    api.validate.mockRejectedValueOnce(Object.assign(new Error('403'), { code: 'PERSON_TOO_YOUNG' }));
    await machine.choose('thisDevice');
    answers.push({ Status: 'complete' });
    await vi.advanceTimersByTimeAsync(timings.bankIdQrRefreshMs);
    expect(machine.getState()).toMatchObject({ subState: 'cancelled', error: 'personTooYoung' });
  });

  it('cancels a waiting order when disposed, and stops its timers', async () => {
    const { machine, api } = createMachine();
    await machine.choose('mobileBankId');
    machine.dispose();
    expect(api.cancel).toHaveBeenCalledWith(keyA);
    await vi.advanceTimersByTimeAsync(5 * timings.bankIdQrRefreshMs);
    expect(api.refresh).not.toHaveBeenCalled();
  });
});
