import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testCompanies } from '../company-registry/company-registry-test-companies.ts';
import { type RunningViesSimulator, startViesSimulator } from './vies-simulator.ts';
import {
  DEREGISTERED_COMPANY_VAT_NUMBER,
  HANGING_VAT_NUMBER,
  listTestVatNumbers,
  testVatNumbers,
  UNAVAILABLE_VAT_NUMBER,
} from './vies-test-vat-numbers.ts';

describe('VIES simulator (REST API protocol)', () => {
  let sim: RunningViesSimulator;

  const post = (body: unknown, path = '/check-vat-number') =>
    fetch(`${sim.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const check = async (body: unknown) => {
    const response = await post(body);
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };
  const split = (compact: string) => ({ countryCode: compact.slice(0, 2), vatNumber: compact.slice(2) });

  beforeAll(async () => {
    sim = await startViesSimulator();
  });
  afterEach(() => sim.controls.reset());
  afterAll(async () => {
    await sim.close();
  });

  it("serves VIES's base path, so its URL stands in for the EC's", () => {
    expect(sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/taxation_customs\/vies\/rest-api$/);
  });

  it('answers a registered Swedish number with the company registry name and address', async () => {
    const answer = await check({ countryCode: 'SE', vatNumber: '559100002001' });
    expect(answer).toMatchObject({
      countryCode: 'SE',
      vatNumber: '559100002001',
      valid: true,
      requestIdentifier: '',
      name: 'Johansson Fastigheter AB',
      address: 'c/o Berg Redovisning\nKungsgatan 12\n411 19 GÖTEBORG',
      traderNameMatch: 'NOT_PROCESSED',
    });
    expect(Date.parse(answer.requestDate as string)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("answers '---' for the name and address a member state does not share", async () => {
    const answer = await check({ countryCode: 'ES', vatNumber: 'B87654321' });
    expect(answer).toMatchObject({ valid: true, name: '---', address: '---' });
    expect(await check(testVatNumbers.germanCompany)).toMatchObject({ valid: true, name: '---', address: '---' });
  });

  it('answers valid: false for a number it does not know, and for a struck-off company', async () => {
    for (const compact of ['DE123456789', 'SE556016068001', DEREGISTERED_COMPANY_VAT_NUMBER]) {
      expect(await check(split(compact)), compact).toMatchObject({ valid: false, name: '---', address: '---' });
    }
  });

  it('issues a consultation number only to a check that names its requester', async () => {
    const requester = { requesterMemberStateCode: 'SE', requesterNumber: '559100001201' };
    const first = await check({ ...split('FI29170118'), ...requester });
    const second = await check({ ...split('FI29170118'), ...requester });
    expect(first.requestIdentifier).toMatch(/^WAPI[A-Z]{11}$/);
    expect(second.requestIdentifier).not.toBe(first.requestIdentifier);
    expect(sim.controls.requests.at(-1)).toEqual({ countryCode: 'FI', vatNumber: '29170118', ...requester });
  });

  it('refuses a prefix VIES does not serve, an empty number and a malformed requester, as VIES errors', async () => {
    for (const body of [
      { countryCode: 'GB', vatNumber: '123456789' },
      { countryCode: 'GR', vatNumber: '094014201' },
      { countryCode: 'SE', vatNumber: '' },
      { vatNumber: '559100001201' },
    ]) {
      expect(await check(body), JSON.stringify(body)).toEqual({
        actionSucceed: false,
        errorWrappers: [{ error: 'INVALID_INPUT' }],
      });
    }
    const badRequester = await check({
      ...split('SE559100001201'),
      requesterMemberStateCode: 'US',
      requesterNumber: '1',
    });
    expect(badRequester).toEqual({ actionSucceed: false, errorWrappers: [{ error: 'INVALID_REQUESTER_INFO' }] });
    const notJson = await post('countryCode=SE');
    expect(notJson.status).toBe(400);
  });

  it('answers MS_UNAVAILABLE for the unavailable number', async () => {
    expect(await check(split(UNAVAILABLE_VAT_NUMBER))).toEqual({
      actionSucceed: false,
      errorWrappers: [{ error: 'MS_UNAVAILABLE' }],
    });
  });

  it('never answers the hanging number: the client gives up', async () => {
    const started = Date.now();
    const hung = fetch(`${sim.url}/check-vat-number`, {
      method: 'POST',
      body: JSON.stringify(split(HANGING_VAT_NUMBER)),
      signal: AbortSignal.timeout(200),
    });
    await expect(hung).rejects.toThrow(/aborted|timeout/i);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    // The simulator goes on answering others meanwhile.
    expect(await check(testVatNumbers.finnishCompany)).toMatchObject({ valid: true, name: 'Virtasen Ohjelmistot Oy' });
  });

  it('fails and garbles the next checks as told, logs them, and forgets it all on reset', async () => {
    sim.controls.failNext('MS_MAX_CONCURRENT_REQ', { times: 2 });
    sim.controls.failNext('VOW-ERR-1', { status: 500 });
    sim.controls.answerNext({ status: 502, body: '<html>Bad Gateway</html>' });
    const body = split('SE559100001201');
    for (let i = 0; i < 2; i++) {
      expect(await check(body)).toMatchObject({ errorWrappers: [{ error: 'MS_MAX_CONCURRENT_REQ' }] });
    }
    const gateway = await post(body);
    expect(gateway.status).toBe(500);
    expect(await gateway.json()).toMatchObject({ actionSucceed: false, errorWrappers: [{ error: 'VOW-ERR-1' }] });
    const proxy = await post(body);
    expect([proxy.status, await proxy.text()]).toEqual([502, '<html>Bad Gateway</html>']);
    expect(await check(body)).toMatchObject({ valid: true });
    expect(sim.controls.requests).toHaveLength(5);

    sim.controls.registrations.clear();
    sim.controls.failNext('TIMEOUT');
    sim.controls.reset();
    expect(await check(body)).toMatchObject({ valid: true });
    expect(sim.controls.requests).toEqual([body]);
  });

  it('answers 404 elsewhere and 405 to anything but POST', async () => {
    expect((await post({}, '/check-vat-test-service')).status).toBe(404);
    const get = await fetch(`${sim.url}/check-vat-number`);
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
  });

  it('closes with a request still hanging', async () => {
    const other = await startViesSimulator();
    const hung = fetch(`${other.url}/check-vat-number`, {
      method: 'POST',
      body: JSON.stringify(split(HANGING_VAT_NUMBER)),
    }).catch((error: Error) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await other.close();
    expect(await hung).toBeInstanceOf(Error);
  });
});

describe('test VAT numbers', () => {
  const companies = Object.values(testCompanies);

  it('give the Swedish test companies their organisation number and 01, their name and address', () => {
    const swedish = listTestVatNumbers().filter((registration) => registration.countryCode === 'SE');
    expect(swedish).toHaveLength(companies.length - 1);
    for (const registration of swedish) {
      const company = companies.find((candidate) => `${candidate.orgNumber}01` === registration.vatNumber);
      expect(company, registration.vatNumber).toBeDefined();
      expect(registration.name).toBe(company?.legalName);
      expect(registration.address).toContain(company?.address.street);
      expect(registration.address?.endsWith(company?.address.town ?? '?')).toBe(true);
    }
    expect(testVatNumbers.annaSignatory).toEqual({
      countryCode: 'SE',
      vatNumber: '559100001201',
      name: 'Andersson Konsult AB',
      address: 'Storgatan 1\n111 22 STOCKHOLM',
    });
  });

  it('leave the struck-off company and the magic numbers unregistered, all distinct', () => {
    const registered = listTestVatNumbers().map(
      (registration) => `${registration.countryCode}${registration.vatNumber}`,
    );
    for (const special of [DEREGISTERED_COMPANY_VAT_NUMBER, UNAVAILABLE_VAT_NUMBER, HANGING_VAT_NUMBER]) {
      expect(registered).not.toContain(special);
    }
    expect(new Set(registered).size).toBe(registered.length);
  });
});
