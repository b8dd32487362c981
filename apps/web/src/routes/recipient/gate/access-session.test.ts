import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';
import type { LinkDetails } from '@signlink/contracts/links/link-details';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAccess, keepAccess, keptAccess } from './access-session.ts';
import { type GateApi, GateMachine } from './gate-machine.ts';

/** A reload within the RequestToken's life does not ask for a new code (the gate's access kept for this tab). */
const now = Date.parse('2026-11-27T08:00:00Z');
const accessUntil = (expiresAt: number) =>
  ({ RequestToken: 'token-1', TokenExpiresAt: new Date(expiresAt).toISOString() }) as LinkAccessResponse;

describe('the access kept for this tab', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('is kept per link, whatever the case of its id, until a minute before the token expires', () => {
    const access = accessUntil(now + 10 * 60_000);
    keepAccess(window.sessionStorage, 'abcdefgh', access);
    expect(keptAccess(window.sessionStorage, 'ABCDEFGH', now)).toEqual(access);
    expect(keptAccess(window.sessionStorage, 'OTHERLNK', now)).toBeNull();
    expect(keptAccess(window.sessionStorage, 'ABCDEFGH', now + 9 * 60_000 + 1)).toBeNull();
    // Gone once past its time: nothing stale lingers in the tab.
    expect(window.sessionStorage.length).toBe(0);
  });

  it('is forgotten on request, and a damaged entry counts as none', () => {
    keepAccess(window.sessionStorage, 'ABCDEFGH', accessUntil(now + 10 * 60_000));
    forgetAccess(window.sessionStorage, 'ABCDEFGH');
    expect(keptAccess(window.sessionStorage, 'ABCDEFGH', now)).toBeNull();
    window.sessionStorage.setItem('signlink.linkAccess.ABCDEFGH', '{not json');
    expect(keptAccess(window.sessionStorage, 'ABCDEFGH', now)).toBeNull();
  });
});

const gatedDetails = {
  Code: 'ABCDEFGH',
  PreviewCode: null,
  LinkName: 'Lease 2027',
  Language: 'en-us',
  OwnerData: { LogoUrl: null, ConsentMessage: null, CompanyName: 'Sender AB', PrivacyUrl: null },
  RequireBankID: false,
  RequireSMS: true,
  RequireEmail: false,
  PhoneNumberMasked: '+46 *** *** 567',
  EmailAddressMasked: null,
  AllowAlternativeDownload: false,
} satisfies LinkDetails;

describe('the gate after a reload', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const machineWith = async (resumed: LinkAccessResponse | null) => {
    const api = {
      loadDetails: vi.fn(async () => gatedDetails),
      openAccess: vi.fn(async () => accessUntil(now)),
      downloadUrl: vi.fn(async () => ''),
      resumeAccess: vi.fn(async () => resumed),
    } satisfies GateApi;
    const machine = new GateMachine({ api, isInternetExplorer: false });
    await machine.start();
    await vi.advanceTimersByTimeAsync(0);
    return { machine, api };
  };

  it('opens the document with the kept access, asking no code', async () => {
    const kept = accessUntil(now + 10 * 60_000);
    const { machine, api } = await machineWith(kept);
    expect(machine.getState()).toMatchObject({ phase: 'open', access: kept });
    expect(api.openAccess).not.toHaveBeenCalled();
  });

  it('asks for the code when nothing is kept or the server no longer takes it', async () => {
    const { machine } = await machineWith(null);
    expect(machine.getState().phase).toBe('sms');
  });
});
