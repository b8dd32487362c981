import { timings } from '@signlink/contracts/constants';
import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';
import type { LinkDetails } from '@signlink/contracts/links/link-details';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type GateApi, GateMachine, isInternetExplorer } from './gate-machine.ts';

function detailsWith(changes: Partial<LinkDetails> = {}, consent: string | null = null): LinkDetails {
  return {
    Code: 'ABCDEFGH',
    PreviewCode: null,
    LinkName: 'Lease 2027',
    Language: 'en-us',
    OwnerData: { LogoUrl: null, ConsentMessage: consent, CompanyName: 'Sender AB', PrivacyUrl: null },
    RequireBankID: false,
    RequireSMS: false,
    RequireEmail: false,
    PhoneNumberMasked: null,
    EmailAddressMasked: null,
    AllowAlternativeDownload: false,
    ...changes,
  };
}

const access = { RequestToken: 'token-1' } as LinkAccessResponse;

/** An API whose answers the test decides; `failures` are thrown (in order) before `details` is answered. */
function fakeApi(details: LinkDetails, failures: object[] = []) {
  const queue = [...failures];
  const api = {
    loadDetails: vi.fn(async () => {
      const failure = queue.shift();
      if (failure) throw failure;
      return details;
    }),
    openAccess: vi.fn(async () => access),
    downloadUrl: vi.fn(async () => 'https://example.test/plain.pdf'),
  } satisfies GateApi;
  return api;
}

async function started(api: GateApi, isIe = false) {
  const machine = new GateMachine({ api, isInternetExplorer: isIe });
  await machine.start();
  await vi.advanceTimersByTimeAsync(0);
  return machine;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the recipient gate order (SPEC section 4)', () => {
  it("stops at a public link's start: no consent, gate or access for its code, and a refused start fails", async () => {
    const publicLink = { Roles: [{ SignatureIndex: 0, Role: 'Customer', SignatureType: 'e-signature', Fixed: false }] };
    const api = fakeApi(
      detailsWith({ RequireSMS: true, PublicLink: publicLink } as Partial<LinkDetails>, 'Q29uc2VudA=='),
    );
    const machine = await started(api);
    await vi.advanceTimersByTimeAsync(timings.consentDialogDelayMs);
    expect(machine.getState().phase).toBe('publicLink');
    expect(api.openAccess).not.toHaveBeenCalled();
    machine.failVisit({ status: 410, code: 'LINK_RECALLED', requestId: 'r-1' });
    expect(machine.getState()).toMatchObject({ phase: 'failed', failure: 'recalled', requestId: 'r-1' });
  });

  it('opens a link without a gate directly, with the access data', async () => {
    const api = fakeApi(detailsWith());
    const machine = await started(api);
    expect(machine.getState()).toMatchObject({ phase: 'open', access });
    expect(api.openAccess).toHaveBeenCalledTimes(1);
  });

  it('asks BankID before SMS and e-mail, SMS before e-mail, e-mail alone last', async () => {
    const all = { RequireBankID: true, RequireSMS: true, RequireEmail: true };
    expect((await started(fakeApi(detailsWith(all)))).getState().phase).toBe('bankid');
    expect((await started(fakeApi(detailsWith({ ...all, RequireBankID: false })))).getState().phase).toBe('sms');
    expect((await started(fakeApi(detailsWith({ RequireEmail: true })))).getState().phase).toBe('email');
  });

  it('shows the consent message 500 ms after the details, and only then goes on to the gate', async () => {
    const api = fakeApi(detailsWith({ RequireSMS: true }, 'UGxlYXNlIGFjY2VwdA=='));
    const machine = await started(api);
    expect(machine.getState()).toMatchObject({ phase: 'consent', isConsentOpen: false });
    await vi.advanceTimersByTimeAsync(timings.consentDialogDelayMs - 1);
    expect(machine.getState().isConsentOpen).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(machine.getState().isConsentOpen).toBe(true);
    machine.acceptConsent();
    expect(machine.getState()).toMatchObject({ phase: 'sms', hasAcceptedConsent: true, isConsentOpen: false });
  });

  it('consent declined: a page of its own, from which the message opens again; nothing is loaded meanwhile', async () => {
    const api = fakeApi(detailsWith({}, 'QWNjZXB0'));
    const machine = await started(api);
    await vi.advanceTimersByTimeAsync(timings.consentDialogDelayMs);
    machine.declineConsent();
    expect(machine.getState().phase).toBe('consentDeclined');
    expect(api.openAccess).not.toHaveBeenCalled();
    machine.reviewConsent();
    expect(machine.getState()).toMatchObject({ phase: 'consent', isConsentOpen: true });
    machine.acceptConsent();
    await vi.advanceTimersByTimeAsync(0);
    expect(machine.getState()).toMatchObject({ phase: 'open', access });
  });

  it('Internet Explorer gets the old-browser warning instead of the gate, with the plain PDF when allowed', async () => {
    const api = fakeApi(detailsWith({ AllowAlternativeDownload: true }));
    let answer: (url: string) => void = () => undefined;
    api.downloadUrl.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const machine = await started(api, true);
    expect(machine.getState()).toMatchObject({ phase: 'oldBrowser', download: 'loading' });
    answer('https://example.test/plain.pdf');
    await vi.advanceTimersByTimeAsync(0);
    expect(machine.getState()).toMatchObject({ download: 'start', downloadUrl: 'https://example.test/plain.pdf' });
    machine.downloadStarted();
    expect(machine.getState().download).toBe('done');
    expect(api.openAccess).not.toHaveBeenCalled();
  });

  it('old browser: no download offered when not allowed, and a failed address is the error state', async () => {
    const notAllowed = await started(fakeApi(detailsWith()), true);
    expect(notAllowed.getState()).toMatchObject({ phase: 'oldBrowser', download: 'start' });
    expect(notAllowed.getState().downloadUrl).toBeUndefined();
    notAllowed.downloadStarted();
    expect(notAllowed.getState().download).toBe('start');
    // The download needs access, and no identity check runs in that browser.
    const gated = await started(fakeApi(detailsWith({ RequireSMS: true, AllowAlternativeDownload: true })), true);
    expect(gated.getState()).toMatchObject({ phase: 'oldBrowser', download: 'start' });
    const api = fakeApi(detailsWith({ AllowAlternativeDownload: true }));
    api.downloadUrl.mockRejectedValueOnce({ status: 500 });
    expect((await started(api, true)).getState().download).toBe('error');
  });

  it('consent comes before the old-browser warning too', async () => {
    const machine = await started(fakeApi(detailsWith({}, 'QWNjZXB0')), true);
    expect(machine.getState().phase).toBe('consent');
    machine.acceptConsent();
    expect(machine.getState().phase).toBe('oldBrowser');
  });

  it('recognises Internet Explorer 10 and 11, not Edge or Chrome', () => {
    expect(isInternetExplorer('Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko')).toBe(true);
    expect(isInternetExplorer('Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.1; Trident/6.0)')).toBe(true);
    expect(
      isInternetExplorer('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/120 Safari/537.36 Edg/120'),
    ).toBe(false);
  });
});

describe('the access dialogs close 2 seconds after the data arrive', () => {
  it('keeps the dialog (showing done) for accessDialogCloseDelayMs, then opens the document', async () => {
    const machine = await started(fakeApi(detailsWith({ RequireEmail: true })));
    machine.grantAccess(access);
    expect(machine.getState()).toMatchObject({ phase: 'email', access });
    await vi.advanceTimersByTimeAsync(timings.accessDialogCloseDelayMs - 1);
    expect(machine.getState().phase).toBe('email');
    await vi.advanceTimersByTimeAsync(1);
    expect(machine.getState().phase).toBe('open');
  });

  it('an expired access goes through the same gate again, without the consent message', async () => {
    const machine = await started(fakeApi(detailsWith({ RequireBankID: true }, 'QWNjZXB0')));
    machine.acceptConsent();
    machine.grantAccess(access);
    await vi.advanceTimersByTimeAsync(timings.accessDialogCloseDelayMs);
    machine.accessExpired();
    expect(machine.getState()).toMatchObject({ phase: 'bankid', access: undefined });
  });

  it('close: the closed state, and a pending dialog close no longer fires', async () => {
    const machine = await started(fakeApi(detailsWith({ RequireSMS: true })));
    machine.grantAccess(access);
    machine.close();
    await vi.advanceTimersByTimeAsync(timings.accessDialogCloseDelayMs);
    expect(machine.getState().phase).toBe('closed');
  });
});

describe('link failures (SPEC section 4)', () => {
  it('retries a 408 after one second, up to five times, then calls the link incorrect', async () => {
    const timeout = { status: 408, code: 'REQUEST_TIMEOUT' };
    const api = fakeApi(detailsWith(), Array(6).fill(timeout));
    const machine = await started(api);
    expect(api.loadDetails).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(timings.linkDetailsRetryDelayMs - 1);
    expect(api.loadDetails).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.loadDetails).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(timings.linkDetailsRetryDelayMs * 10);
    expect(api.loadDetails).toHaveBeenCalledTimes(1 + timings.linkDetailsTimeoutRetries);
    expect(machine.getState()).toMatchObject({ phase: 'failed', failure: 'incorrect' });
  });

  it('a 408 that clears within the retries opens the link', async () => {
    const api = fakeApi(detailsWith(), Array(5).fill({ status: 408 }));
    const machine = await started(api);
    await vi.advanceTimersByTimeAsync(timings.linkDetailsRetryDelayMs * 5);
    expect(machine.getState().phase).toBe('open');
  });

  it('410 is recalled, a withdrawn document says so, anything else is an incorrect link', async () => {
    const failureFor = async (error: object) => (await started(fakeApi(detailsWith(), [error]))).getState().failure;
    expect(await failureFor({ status: 410, code: 'LINK_RECALLED', requestId: 'r1' })).toBe('recalled');
    expect(await failureFor({ status: 410, code: 'DOCUMENT_WITHDRAWN' })).toBe('withdrawn');
    expect(await failureFor({ status: 404, code: 'INVALID_LINK' })).toBe('incorrect');
    expect(await failureFor({ status: 500, code: 'SERVER_ERROR' })).toBe('incorrect');
    expect(await failureFor(new Error('offline'))).toBe('incorrect');
  });

  it('a link without a gate that refuses access says it could not be accessed', async () => {
    const api = fakeApi(detailsWith());
    api.openAccess.mockRejectedValueOnce({ status: 403, code: 'ACCESS_FAILED', requestId: 'r2' });
    const machine = await started(api);
    expect(machine.getState()).toMatchObject({ phase: 'failed', failure: 'accessFailed', requestId: 'r2' });
  });

  it('drops answers that arrive after dispose', async () => {
    const api = fakeApi(detailsWith());
    const machine = new GateMachine({ api, isInternetExplorer: false });
    const pending = machine.start();
    machine.dispose();
    await pending;
    expect(machine.getState().phase).toBe('details');
  });
});
