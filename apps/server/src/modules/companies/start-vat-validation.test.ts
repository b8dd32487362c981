import { parseOrgNumber } from '@signlink/contracts/validation/org-number';
import { formatVatNumber, parseVatNumber, swedishVatNumberOf } from '@signlink/contracts/validation/vat-number';
import { testCompanies } from '@signlink/simulators/company-registry/company-registry-test-companies';
import { startViesSimulator } from '@signlink/simulators/vat/vies-simulator';
import {
  DEREGISTERED_COMPANY_VAT_NUMBER,
  HANGING_VAT_NUMBER,
  listTestVatNumbers,
  testVatNumbers,
  UNAVAILABLE_VAT_NUMBER,
} from '@signlink/simulators/vat/vies-test-vat-numbers';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.ts';
import { startVatValidation } from './start-vat-validation.ts';

describe('startVatValidation', () => {
  it('runs the VIES client against the simulator when simulators are on', async () => {
    const running = await startVatValidation(loadConfig({ NODE_ENV: 'test' }));
    try {
      expect(running.simulator?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/taxation_customs\/vies\/rest-api$/);
      const result = await running.validator?.check(
        'SE',
        swedishVatNumberOf(testCompanies.annaSignatory.orgNumber).slice(2),
      );
      expect(result).toMatchObject({ valid: true, name: 'Andersson Konsult AB' });
      expect(result).not.toHaveProperty('requestIdentifier');
    } finally {
      await running.stop();
    }
    // Stopped means closed: nothing listens there any more.
    await expect(fetch(`${running.simulator?.url}/check-vat-number`, { method: 'POST' })).rejects.toThrow();
  });

  it("passes Signlink's own VAT number to the simulator as requester, for a consultation number", async () => {
    const running = await startVatValidation(
      loadConfig({ NODE_ENV: 'test', VIES_REQUESTER_VAT_NUMBER: 'SE559100001201' }),
    );
    try {
      const result = await running.validator?.check('DE', testVatNumbers.germanCompany.vatNumber);
      expect(result?.requestIdentifier).toMatch(/^WAPI/);
      expect(running.simulator?.controls.requests).toEqual([
        { countryCode: 'DE', vatNumber: '287563419', requesterMemberStateCode: 'SE', requesterNumber: '559100001201' },
      ]);
    } finally {
      await running.stop();
    }
  });

  it('uses VIES_URL, starting no simulator', async () => {
    const elsewhere = await startViesSimulator();
    try {
      const running = await startVatValidation(loadConfig({ NODE_ENV: 'test', VIES_URL: elsewhere.url }));
      expect(running.simulator).toBeUndefined();
      expect(await running.validator?.check('FI', testVatNumbers.finnishCompany.vatNumber)).toMatchObject({
        valid: true,
      });
      expect(elsewhere.controls.requests).toHaveLength(1);
      await running.stop();
    } finally {
      await elsewhere.close();
    }
  });

  it('builds a VIES client for the real service without asking it anything', async () => {
    const running = await startVatValidation(loadConfig({ NODE_ENV: 'test', VAT_VALIDATION: 'vies' }));
    expect(running.simulator).toBeUndefined();
    expect(running.validator).toBeDefined();
    await running.stop();
  });

  it('has no validator when VAT validation is off, or simulators are off outside production', async () => {
    for (const env of [{ VAT_VALIDATION: 'off' }, { SIMULATORS: 'off' }]) {
      const running = await startVatValidation(loadConfig({ NODE_ENV: 'test', ...env }));
      expect(running, JSON.stringify(env)).toMatchObject({ validator: undefined, simulator: undefined });
      await running.stop();
    }
  });
});

describe('the simulator test VAT numbers, read with our own parsers', () => {
  it('parse, and the Swedish ones are the test companies organisation numbers with 01', () => {
    for (const compact of [DEREGISTERED_COMPANY_VAT_NUMBER, UNAVAILABLE_VAT_NUMBER, HANGING_VAT_NUMBER]) {
      expect(parseVatNumber(compact), compact).toBeDefined();
    }
    for (const registration of listTestVatNumbers()) {
      const compact = `${registration.countryCode}${registration.vatNumber}`;
      const parsed = parseVatNumber(compact);
      expect(parsed && formatVatNumber(parsed), compact).toBe(compact);
      if (registration.countryCode === 'SE') {
        const orgNumber = registration.vatNumber.slice(0, 10);
        expect(parseOrgNumber(orgNumber), compact).toBe(orgNumber);
        expect(swedishVatNumberOf(orgNumber)).toBe(compact);
      }
    }
  });
});
