import { parseOrgNumber } from '@signlink/contracts/validation/org-number';
import { parsePersonalNumber } from '@signlink/contracts/validation/personal-number';
import { startCompanyRegistrySimulator } from '@signlink/simulators/company-registry/company-registry-simulator';
import {
  listTestCompanies,
  testCompanies,
  UNAVAILABLE_ORG_NUMBER,
  UNREGISTERED_ORG_NUMBER,
} from '@signlink/simulators/company-registry/company-registry-test-companies';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.ts';
import { startCompanyRegistry } from './start-company-registry.ts';

describe('startCompanyRegistry', () => {
  it('runs the Roaring client against the simulator when simulators are on', async () => {
    const running = await startCompanyRegistry(loadConfig({ NODE_ENV: 'test' }));
    try {
      expect(running.simulator?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const company = await running.registry?.findCompany(testCompanies.annaSignatory.orgNumber);
      expect(company?.officers).toEqual([
        { personalNumber: '199001011239', name: 'Anna Andersson', roles: ['board-member', 'authorised-signatory'] },
      ]);
      expect(running.simulator?.controls.tokensIssued).toBe(1);
    } finally {
      await running.stop();
    }
    // Stopped means closed: nothing listens there any more.
    await expect(fetch(`${running.simulator?.url}/token`, { method: 'POST' })).rejects.toThrow();
  });

  it('uses the configured registry URL and keys, starting no simulator', async () => {
    const elsewhere = await startCompanyRegistrySimulator();
    try {
      const running = await startCompanyRegistry(
        loadConfig({
          NODE_ENV: 'test',
          COMPANY_REGISTRY_URL: elsewhere.url,
          COMPANY_REGISTRY_CLIENT_ID: elsewhere.credentials.clientId,
          COMPANY_REGISTRY_CLIENT_SECRET: elsewhere.credentials.clientSecret,
        }),
      );
      expect(running.simulator).toBeUndefined();
      expect(await running.registry?.findCompany(testCompanies.deregistered.orgNumber)).toMatchObject({
        status: 'deregistered',
      });
      expect(elsewhere.controls.tokensIssued).toBe(1);
      await running.stop();
    } finally {
      await elsewhere.close();
    }
  });

  it('has no registry when none is configured and simulators are off', async () => {
    const running = await startCompanyRegistry(loadConfig({ NODE_ENV: 'test', SIMULATORS: 'off' }));
    expect(running).toMatchObject({ registry: undefined, simulator: undefined });
    await running.stop();
  });
});

describe('the simulator test companies, read with our own parsers', () => {
  it('have organisation numbers and officer personal numbers that parse', () => {
    for (const orgNumber of [UNAVAILABLE_ORG_NUMBER, UNREGISTERED_ORG_NUMBER]) {
      expect(parseOrgNumber(orgNumber), orgNumber).toBe(orgNumber);
    }
    for (const company of listTestCompanies()) {
      expect(parseOrgNumber(company.orgNumber), company.legalName).toBe(company.orgNumber);
      for (const officer of company.officers) {
        expect(parsePersonalNumber(officer.personalNumber)?.digits, officer.givenName).toBe(officer.personalNumber);
      }
    }
  });
});
