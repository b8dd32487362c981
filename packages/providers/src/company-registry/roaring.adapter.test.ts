import net, { type AddressInfo } from 'node:net';
import {
  type RunningCompanyRegistrySimulator,
  startCompanyRegistrySimulator,
} from '@signlink/simulators/company-registry/company-registry-simulator';
import {
  testCompanies,
  UNAVAILABLE_ORG_NUMBER,
  UNREGISTERED_ORG_NUMBER,
} from '@signlink/simulators/company-registry/company-registry-test-companies';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CompanyRegistry } from './company-registry.port.ts';
import { CompanyRegistryError } from './company-registry-error.ts';
import { createCompanyRegistry } from './create-company-registry.ts';
import { createRoaringCompanyRegistry, type RoaringConfig } from './roaring.adapter.ts';

const ANNA = '199001011239';
const ERIK = '198507142381';
const MARIA = '197212312396';
const KARIN_BERG = '197506123244';

async function registryErrorOf(promise: Promise<unknown>): Promise<CompanyRegistryError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(CompanyRegistryError);
  return error as CompanyRegistryError;
}

describe('Roaring company registry against the simulator (real HTTP)', () => {
  let sim: RunningCompanyRegistrySimulator;
  let config: RoaringConfig;
  /** A new client per test, so each starts without a token. */
  let registry: CompanyRegistry;

  beforeAll(async () => {
    sim = await startCompanyRegistrySimulator();
    config = { apiUrl: sim.url, ...sim.credentials, timeoutMs: 2_000 };
  });
  beforeAll(() => {
    registry = createRoaringCompanyRegistry(config);
  });
  afterEach(() => {
    sim.controls.reset();
    registry = createRoaringCompanyRegistry(config);
  });
  afterAll(async () => {
    await sim?.close();
  });

  const calls = () => sim.controls.requests.map((line) => line.replace(/\/\d{10}$/, '/{id}'));

  it('finds a company with its address and officers', async () => {
    expect(await registry.findCompany(testCompanies.annaSignatory.orgNumber)).toEqual({
      orgNumber: '5591000012',
      legalName: 'Andersson Konsult AB',
      legalForm: 'Privat aktiebolag',
      status: 'active',
      address: { street: 'Storgatan 1', zipCode: '11122', city: 'STOCKHOLM', countryCode: 'SE' },
      officers: [{ personalNumber: ANNA, name: 'Anna Andersson', roles: ['board-member', 'authorised-signatory'] }],
    });
    expect(calls()).toEqual([
      'POST /token',
      'GET /se/company/overview/2.0/{id}',
      'GET /se/company/board-members/2.0/{id}',
      'GET /se/company/signing-combinations/2.0/{id}',
      'GET /se/beneficialowner/2.1/company/{id}',
    ]);
  });

  it('reads beneficial owners, names written "Surname, Given", and the c/o line', async () => {
    const company = await registry.findCompany(testCompanies.erikBeneficialOwner.orgNumber);
    expect(company?.address).toEqual({
      street: 'Kungsgatan 12',
      addressLine2: 'c/o Berg Redovisning',
      zipCode: '41119',
      city: 'GÖTEBORG',
      countryCode: 'SE',
    });
    expect(company?.officers).toEqual([
      { personalNumber: KARIN_BERG, name: 'Karin Berg', roles: ['board-member', 'authorised-signatory'] },
      { personalNumber: ERIK, name: 'Erik Johansson', roles: ['beneficial-owner'] },
    ]);
  });

  it('lists each person once with all their roles, and leaves deputy board members out', async () => {
    const company = await registry.findCompany(testCompanies.mariaBoardMember.orgNumber);
    expect(company?.officers).toEqual([
      {
        personalNumber: KARIN_BERG,
        name: 'Karin Berg',
        roles: ['board-member', 'authorised-signatory', 'beneficial-owner'],
      },
      { personalNumber: MARIA, name: 'Maria Karlsson', roles: ['board-member'] },
    ]);
  });

  it('reports a struck-off company as deregistered', async () => {
    const company = await registry.findCompany(testCompanies.deregistered.orgNumber);
    expect(company).toMatchObject({ legalName: 'Avvecklat Exempel AB', status: 'deregistered' });
  });

  it('answers undefined for a company Roaring does not know, asking nothing more about it', async () => {
    expect(await registry.findCompany(UNREGISTERED_ORG_NUMBER)).toBeUndefined();
    expect(calls()).toEqual(['POST /token', 'GET /se/company/overview/2.0/{id}']);
  });

  it('reuses its token across lookups, and shares one token request among concurrent lookups', async () => {
    await Promise.all([
      registry.findCompany(testCompanies.annaSignatory.orgNumber),
      registry.findCompany(testCompanies.erikBeneficialOwner.orgNumber),
    ]);
    await registry.findCompany(testCompanies.mariaBoardMember.orgNumber);
    expect(sim.controls.tokensIssued).toBe(1);
    expect(calls().filter((call) => call === 'POST /token')).toHaveLength(1);
  });

  it('keeps a short-lived token for half its life, then gets a new one before it expires', async () => {
    // Both sides read Date.now(), so moving the clock past half the token's life stands in for waiting it out.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      sim.controls.tokenLifetimeSeconds = 1;
      await registry.findCompany(testCompanies.annaSignatory.orgNumber);
      expect(sim.controls.tokensIssued).toBe(1);
      vi.advanceTimersByTime(600);
      await registry.findCompany(testCompanies.annaSignatory.orgNumber);
      expect(sim.controls.tokensIssued).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('replaces a kept token the registry has revoked, once', async () => {
    await registry.findCompany(testCompanies.annaSignatory.orgNumber);
    sim.controls.revokeTokens();
    expect(await registry.findCompany(testCompanies.annaSignatory.orgNumber)).toMatchObject({
      orgNumber: '5591000012',
    });
    expect(sim.controls.tokensIssued).toBe(2);

    // The new token refused too: that is the registry's verdict, not an old token.
    sim.controls.failNext(401, { times: 2 });
    const error = await registryErrorOf(registry.findCompany(testCompanies.annaSignatory.orgNumber));
    expect(error).toMatchObject({ status: 401, isRetryable: false });
  });

  it('fails retryably when the registry is unavailable (503)', async () => {
    const error = await registryErrorOf(registry.findCompany(UNAVAILABLE_ORG_NUMBER));
    expect(error).toMatchObject({ status: 503, isRetryable: true });
    expect(error.message).toContain('ServiceUnavailable');
  });

  it('fails the whole lookup, not with part of the officers, when one of its calls fails', async () => {
    sim.controls.failNext(502, { pathPrefix: '/se/company/signing-combinations' });
    const error = await registryErrorOf(registry.findCompany(testCompanies.annaSignatory.orgNumber));
    expect(error).toMatchObject({ status: 502, isRetryable: true });
    expect(error.message).toContain('signing combinations');
  });

  it('fails without retrying when the client credentials are wrong', async () => {
    const stranger = createRoaringCompanyRegistry({ ...config, clientSecret: 'wrong' });
    const error = await registryErrorOf(stranger.findCompany(testCompanies.annaSignatory.orgNumber));
    expect(error).toMatchObject({ status: 401, isRetryable: false });
    expect(error.message).toContain('invalid_client');
    expect(calls()).toEqual(['POST /token']);
  });

  it('tells retryable statuses from final ones', async () => {
    await registry.findCompany(testCompanies.annaSignatory.orgNumber);
    const cases: [number, boolean][] = [
      [429, true],
      [500, true],
      [504, true],
      [400, false],
      [403, false],
    ];
    for (const [status, isRetryable] of cases) {
      sim.controls.failNext(status);
      const error = await registryErrorOf(registry.findCompany(testCompanies.annaSignatory.orgNumber));
      expect(error, String(status)).toMatchObject({ status, isRetryable });
    }
  });

  it('gives up after its timeout, retryably', async () => {
    const impatient = createRoaringCompanyRegistry({ ...config, timeoutMs: 100 });
    sim.controls.delayNext(400);
    const error = await registryErrorOf(impatient.findCompany(testCompanies.annaSignatory.orgNumber));
    expect(error).toMatchObject({ isRetryable: true });
    expect(error.status).toBeUndefined();
    expect(error.message).toContain('no answer within 100 ms');
  });

  it('reports a refused connection as retryable', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const offline = createRoaringCompanyRegistry({ ...config, apiUrl: `http://127.0.0.1:${closedPort}` });
    const error = await registryErrorOf(offline.findCompany(testCompanies.annaSignatory.orgNumber));
    expect(error).toMatchObject({ isRetryable: true });
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('refuses an organisation number that is not 10 digits without asking the registry', async () => {
    const error = await registryErrorOf(registry.findCompany('559100-0012'));
    expect(error.isRetryable).toBe(false);
    expect(sim.controls.requests).toEqual([]);
  });

  it('is what the factory builds for the roaring driver', async () => {
    const built = createCompanyRegistry({ driver: 'roaring', ...config });
    expect(await built.findCompany(testCompanies.annaSignatory.orgNumber)).toMatchObject({
      legalName: 'Andersson Konsult AB',
    });
  });
});
