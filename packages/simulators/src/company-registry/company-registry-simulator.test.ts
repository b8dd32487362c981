import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listBankIdTestPersons, luhnCheckDigit } from '../bankid/bankid-test-persons.ts';
import { type RunningCompanyRegistrySimulator, startCompanyRegistrySimulator } from './company-registry-simulator.ts';
import {
  listTestCompanies,
  testCompanies,
  UNAVAILABLE_ORG_NUMBER,
  UNREGISTERED_ORG_NUMBER,
} from './company-registry-test-companies.ts';

const paths = (orgNumber: string) => [
  `/se/company/overview/2.0/${orgNumber}`,
  `/se/company/board-members/2.0/${orgNumber}`,
  `/se/company/signing-combinations/2.0/${orgNumber}`,
  `/se/beneficialowner/2.1/company/${orgNumber}`,
];

describe('company registry simulator (Roaring protocol)', () => {
  let sim: RunningCompanyRegistrySimulator;
  let token: string;

  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  const requestToken = (authorization: string, body = 'grant_type=client_credentials') =>
    fetch(`${sim.url}/token`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
  const get = (path: string, bearer = token) =>
    fetch(`${sim.url}${path}`, { headers: { authorization: `Bearer ${bearer}` } });
  const getJson = async (path: string) => {
    const response = await get(path);
    expect(response.status, path).toBe(200);
    return (await response.json()) as { records: Record<string, unknown>[]; status: unknown };
  };

  beforeAll(async () => {
    sim = await startCompanyRegistrySimulator();
  });
  afterEach(() => sim.controls.reset());
  afterAll(async () => {
    await sim.close();
  });

  async function newToken(): Promise<string> {
    const response = await requestToken(basic(sim.credentials.clientId, sim.credentials.clientSecret));
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({
      access_token: expect.any(String),
      scope: 'am_application_scope default',
      token_type: 'Bearer',
      expires_in: 3600,
    });
    return body.access_token as string;
  }

  it('issues a token only for its client credentials and the client credentials grant', async () => {
    token = await newToken();
    const wrongSecret = await requestToken(basic(sim.credentials.clientId, 'guess'));
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Client Authentication failed.',
    });
    expect((await requestToken('')).status).toBe(401);
    const password = await requestToken(
      basic(sim.credentials.clientId, sim.credentials.clientSecret),
      'grant_type=password',
    );
    expect(password.status).toBe(400);
    expect(sim.controls.tokensIssued).toBe(1);
  });

  it('answers the APIs only with a token it issued and that has not expired or been revoked', async () => {
    token = await newToken();
    const path = `/se/company/overview/2.0/${testCompanies.annaSignatory.orgNumber}`;
    expect((await get(path)).status).toBe(200);
    expect((await get(path, 'made-up')).status).toBe(401);
    expect((await fetch(`${sim.url}${path}`)).status).toBe(401);

    sim.controls.tokenLifetimeSeconds = 0;
    const expiring = await requestToken(basic(sim.credentials.clientId, sim.credentials.clientSecret));
    const expired = (await expiring.json()) as { access_token: string; expires_in: number };
    expect(expired.expires_in).toBe(0);
    expect((await get(path, expired.access_token)).status).toBe(401);

    sim.controls.revokeTokens();
    expect((await get(path)).status).toBe(401);
  });

  it("serves a company's overview, board, signing combinations and beneficial owners in Roaring's shapes", async () => {
    token = await newToken();
    const company = testCompanies.mariaBoardMember;
    const [overview, board, signing, owners] = await Promise.all(paths(company.orgNumber).map(getJson));

    expect(overview?.status).toEqual({ code: 0, text: 'Found' });
    expect(overview?.records).toEqual([
      expect.objectContaining({
        companyId: company.orgNumber,
        companyName: 'Karlsson Bygg AB',
        legalGroupCode: 'AB',
        legalGroupText: 'Privat aktiebolag',
        statusTextHigh: 'Aktivt',
        address: 'Drottninggatan 5',
        zipCode: '21111',
        town: 'MALMÖ',
      }),
    ]);
    expect(overview?.records[0]).not.toHaveProperty('companyDeregistrationDate');
    expect(board?.records[0]?.boardMembers).toEqual([
      expect.objectContaining({ personalNumber: '197506123244', firstName: 'Karin', surName: 'Berg', roleCode: '5' }),
      expect.objectContaining({ personalNumber: '197212312396', firstName: 'Maria', roleName: 'Ledamot' }),
      expect.objectContaining({ personalNumber: '198203043552', roleCode: '10', roleName: 'Suppleant' }),
    ]);
    expect(signing?.records[0]?.combinations).toEqual([
      [
        {
          name: 'Berg, Karin',
          personalNumber: '197506123244',
          positions: [{ roleCode: 5, roleName: 'Ledamot' }],
          anomalies: null,
        },
      ],
    ]);
    expect(owners?.records[0]?.beneficialOwners).toEqual([{ personalNumber: '197506123244', name: 'Berg, Karin' }]);
  });

  it('marks a struck-off company with its deregistration date, and takes the id with a hyphen', async () => {
    token = await newToken();
    const overview = await getJson('/se/company/overview/2.0/559100-0053');
    expect(overview.records[0]).toMatchObject({ companyDeregistrationDate: '2023-06-30', statusTextHigh: 'Inaktivt' });
  });

  it('answers 404 for an unknown company, 400 for a malformed id, 503 for the unavailable one', async () => {
    token = await newToken();
    for (const path of paths(UNREGISTERED_ORG_NUMBER)) expect((await get(path)).status, path).toBe(404);
    const malformed = await get('/se/company/overview/2.0/55910A0012');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: 'BadRequest', attributes: [{ attribute: 'companyId' }] });
    for (const path of paths(UNAVAILABLE_ORG_NUMBER)) {
      const response = await get(path);
      expect(response.status, path).toBe(503);
      expect(await response.json()).toMatchObject({ error: 'ServiceUnavailable' });
    }
  });

  it('fails and delays the next requests as told, logs them, and forgets it all on reset', async () => {
    token = await newToken();
    const path = `/se/company/overview/2.0/${testCompanies.annaSignatory.orgNumber}`;
    sim.controls.failNext(502, { times: 2 });
    expect((await get(path)).status).toBe(502);
    expect((await requestToken(basic(sim.credentials.clientId, sim.credentials.clientSecret))).status).toBe(502);
    expect((await get(path)).status).toBe(200);

    sim.controls.delayNext(150);
    const started = Date.now();
    expect((await get(path)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(sim.controls.requests.at(-1)).toBe(`GET ${path}`);

    sim.controls.companies.delete(testCompanies.annaSignatory.orgNumber);
    sim.controls.failNext(500);
    sim.controls.reset();
    expect((await get(path)).status).toBe(200);
    expect(sim.controls.requests).toEqual([`GET ${path}`]);
  });
});

describe('test companies', () => {
  const persons = new Map(listBankIdTestPersons().map((person) => [person.personalNumber, person.givenName]));
  const rolesOf = (given: string) =>
    Object.fromEntries(
      listTestCompanies().flatMap((company) =>
        company.officers
          .filter((officer) => persons.get(officer.personalNumber) === given)
          .map((officer) => [company.legalName, officer.roles]),
      ),
    );

  it('have organisation numbers with valid check digits, and distinct ones', () => {
    const numbers = [...listTestCompanies().map((c) => c.orgNumber), UNAVAILABLE_ORG_NUMBER, UNREGISTERED_ORG_NUMBER];
    for (const number of numbers) {
      expect(number, number).toMatch(/^\d{10}$/);
      expect(luhnCheckDigit(number.slice(0, 9)), number).toBe(Number(number[9]));
    }
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('give each BankID test person the roles the scenarios promise', () => {
    expect(rolesOf('Anna')).toEqual({
      'Andersson Konsult AB': ['authorised-signatory', 'board-member'],
      'Avvecklat Exempel AB': ['authorised-signatory', 'board-member'],
    });
    expect(rolesOf('Erik')).toEqual({ 'Johansson Fastigheter AB': ['beneficial-owner'] });
    expect(rolesOf('Maria')).toEqual({ 'Karlsson Bygg AB': ['board-member'] });
    expect(rolesOf('Johan')).toEqual({});
    expect(rolesOf('Lisa')).toEqual({});
  });
});
