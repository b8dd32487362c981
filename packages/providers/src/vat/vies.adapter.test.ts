import net, { type AddressInfo } from 'node:net';
import { type RunningViesSimulator, startViesSimulator } from '@signlink/simulators/vat/vies-simulator';
import {
  DEREGISTERED_COMPANY_VAT_NUMBER,
  HANGING_VAT_NUMBER,
  testVatNumbers,
  UNAVAILABLE_VAT_NUMBER,
} from '@signlink/simulators/vat/vies-test-vat-numbers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createVatValidator } from './create-vat-validator.ts';
import type { VatValidator } from './vat-validation.port.ts';
import { VatValidationError } from './vat-validation-error.ts';
import { createViesVatValidator, type ViesConfig } from './vies.adapter.ts';

async function vatErrorOf(promise: Promise<unknown>): Promise<VatValidationError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(VatValidationError);
  return error as VatValidationError;
}

const split = (compact: string): [string, string] => [compact.slice(0, 2), compact.slice(2)];

describe('VIES VAT validator against the simulator (real HTTP)', () => {
  let sim: RunningViesSimulator;
  let config: ViesConfig;
  let validator: VatValidator;

  beforeAll(async () => {
    sim = await startViesSimulator();
    config = { apiUrl: sim.url, timeoutMs: 2_000 };
    validator = createViesVatValidator(config);
  });
  afterEach(() => sim.controls.reset());
  afterAll(async () => {
    await sim?.close();
  });

  it('finds a valid number with the name and address its member state shares', async () => {
    const result = await validator.check('SE', testVatNumbers.erikBeneficialOwner.vatNumber);
    expect(result).toEqual({
      countryCode: 'SE',
      vatNumber: '559100002001',
      valid: true,
      name: 'Johansson Fastigheter AB',
      address: 'c/o Berg Redovisning\nKungsgatan 12\n411 19 GÖTEBORG',
      requestDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(sim.controls.requests).toEqual([{ countryCode: 'SE', vatNumber: '559100002001' }]);
  });

  it("leaves out the name and address VIES hides as '---'", async () => {
    const result = await validator.check('ES', testVatNumbers.spanishCompany.vatNumber);
    expect(result).toMatchObject({ countryCode: 'ES', vatNumber: 'B87654321', valid: true });
    expect(result).not.toHaveProperty('name');
    expect(result).not.toHaveProperty('address');
  });

  it('answers valid: false for a number no member state registered, or no longer does', async () => {
    for (const compact of ['DE123456789', DEREGISTERED_COMPANY_VAT_NUMBER]) {
      const result = await validator.check(...split(compact));
      expect(result, compact).toEqual({
        countryCode: compact.slice(0, 2),
        vatNumber: compact.slice(2),
        valid: false,
        requestDate: expect.any(String),
      });
    }
  });

  it("reads VIES's INVALID_INPUT, a prefix it does not serve, as not a valid number rather than an outage", async () => {
    const result = await validator.check('GB', '123456789');
    expect(result).toMatchObject({ countryCode: 'GB', vatNumber: '123456789', valid: false });
    expect(Date.parse(result.requestDate)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('names Signlink as requester when configured, and keeps the consultation number', async () => {
    const requester = { countryCode: 'SE', vatNumber: testVatNumbers.annaSignatory.vatNumber };
    const named = createViesVatValidator({ ...config, requester });
    const result = await named.check('FI', testVatNumbers.finnishCompany.vatNumber);
    expect(result).toMatchObject({ valid: true, name: 'Virtasen Ohjelmistot Oy' });
    expect(result.requestIdentifier).toMatch(/^WAPI/);
    expect(sim.controls.requests).toEqual([
      { countryCode: 'FI', vatNumber: '29170118', requesterMemberStateCode: 'SE', requesterNumber: '559100001201' },
    ]);

    const malformed = createViesVatValidator({ ...config, requester: { countryCode: 'US', vatNumber: '12' } });
    const error = await vatErrorOf(malformed.check('FI', '29170118'));
    expect(error).toMatchObject({ isRetryable: false, viesError: 'INVALID_REQUESTER_INFO', status: 200 });
  });

  it('fails retryably when the member state is unavailable', async () => {
    const error = await vatErrorOf(validator.check(...split(UNAVAILABLE_VAT_NUMBER)));
    expect(error).toMatchObject({ isRetryable: true, viesError: 'MS_UNAVAILABLE', status: 200 });
    expect(error.message).toContain('MS_UNAVAILABLE');
  });

  it("tells VIES's retryable errors from final ones", async () => {
    const cases: [string, number, boolean][] = [
      ['MS_MAX_CONCURRENT_REQ', 200, true],
      ['GLOBAL_MAX_CONCURRENT_REQ', 200, true],
      ['SERVICE_UNAVAILABLE', 200, true],
      ['TIMEOUT', 200, true],
      ['VOW-ERR-1', 500, true],
      ['IP_BLOCKED', 200, false],
      ['VAT_BLOCKED', 200, false],
      ['SOMETHING_NEW', 200, false],
    ];
    for (const [viesError, status, isRetryable] of cases) {
      sim.controls.failNext(viesError, { status });
      const error = await vatErrorOf(validator.check('SE', testVatNumbers.annaSignatory.vatNumber));
      expect(error, viesError).toMatchObject({ viesError, status, isRetryable });
    }
  });

  it("fails retryably on a gateway's 5xx page and finally on other statuses without VIES's JSON", async () => {
    const cases: [number, boolean][] = [
      [502, true],
      [503, true],
      [429, true],
      [403, false],
    ];
    for (const [status, isRetryable] of cases) {
      sim.controls.answerNext({ status, body: '<html>Service Unavailable</html>' });
      const error = await vatErrorOf(validator.check('SE', testVatNumbers.annaSignatory.vatNumber));
      expect(error, String(status)).toMatchObject({ status, isRetryable });
      expect(error.viesError).toBeUndefined();
    }
  });

  it('fails without retrying on an answer that is not what VIES sends', async () => {
    const bodies = [
      '<html>maintenance</html>',
      '{"valid":"yes","requestDate":"2026-01-01T00:00:00Z"}',
      '{"countryCode":"SE","vatNumber":"559100001201","valid":true}',
      '[]',
    ];
    for (const body of bodies) {
      sim.controls.answerNext({ status: 200, body });
      const error = await vatErrorOf(validator.check('SE', testVatNumbers.annaSignatory.vatNumber));
      expect(error, body).toMatchObject({ status: 200, isRetryable: false });
      expect(error.message).toContain('unexpected answer');
    }
  });

  it('gives up after its timeout, retryably', async () => {
    const impatient = createViesVatValidator({ ...config, timeoutMs: 150 });
    const error = await vatErrorOf(impatient.check(...split(HANGING_VAT_NUMBER)));
    expect(error).toMatchObject({ isRetryable: true });
    expect(error.status).toBeUndefined();
    expect(error.message).toContain('no answer within 150 ms');
  });

  it('reports a refused connection as retryable', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const offline = createViesVatValidator({ apiUrl: `http://127.0.0.1:${closedPort}/taxation_customs/vies/rest-api` });
    const error = await vatErrorOf(offline.check('SE', testVatNumbers.annaSignatory.vatNumber));
    expect(error).toMatchObject({ isRetryable: true });
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('refuses a number still carrying its prefix or separators without asking VIES', async () => {
    for (const [countryCode, vatNumber] of [
      ['SE', 'SE559100001201'],
      ['SE', '559100-0012 01'],
      ['se', '559100001201'],
      ['SE', ''],
    ] as const) {
      const error = await vatErrorOf(validator.check(countryCode, vatNumber));
      expect(error.isRetryable, `${countryCode} ${vatNumber}`).toBe(false);
    }
    expect(sim.controls.requests).toEqual([]);
  });

  it('is what the factory builds for the vies driver, and takes a base URL with a trailing slash', async () => {
    const built = createVatValidator({ driver: 'vies', apiUrl: `${sim.url}/` });
    expect(await built.check('DK', testVatNumbers.danishCompany.vatNumber)).toMatchObject({
      valid: true,
      name: 'Nielsen Design ApS',
      address: 'Vesterbrogade 10\n1620 København V',
    });
  });
});
