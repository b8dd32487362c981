import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { approvedOrder } from '../../../test/bankid-test-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedLink } from '../../../test/seed-link.ts';
import { linkVerifications } from '../../db/schema/documents.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());
afterEach(() => {
  testApp.bankId.simulator?.controls.reset();
  testApp.context.companyRegistry.simulator?.controls.reset();
});

const anna = '199001011239';
const erik = '198507142381';
const johan = '196803152393';

async function validateOrg(personalNumber: string, body: Record<string, unknown>) {
  const { key } = await approvedOrder(testApp, '/v2/linktinker/app/bankid/orgnumber', personalNumber);
  return testApp.app.inject({
    method: 'POST',
    url: '/v2/linktinker/app/bankid/validate/orgnumber',
    payload: { ClientAccessKey: key, ...body },
  });
}

describe('the organisation-number check through BankID (SPEC sections 5 and 7, issue 4)', () => {
  it("confirms an authorised signatory and gives the registry's company", async () => {
    const response = await validateOrg(anna, { OrgNumber: '559100-0012' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      Status: 'complete',
      User: { PersonalNumber: '19900101-1239', Name: 'Anna Andersson', GivenName: 'Anna', Surname: 'Andersson' },
      Company: expect.objectContaining({
        OrgNumber: '559100-0012',
        LegalName: 'Andersson Konsult AB',
        Roles: ['authorised-signatory', 'board-member'],
        Address: expect.objectContaining({ CountryCode: 'SE' }),
      }),
    });
  });

  it('accepts a beneficial owner for any role, not when the caller asks for a board member', async () => {
    expect((await validateOrg(erik, { OrgNumber: '5591000020' })).json()).toMatchObject({
      Company: { Roles: ['beneficial-owner'] },
    });
    const narrowed = await validateOrg(erik, { OrgNumber: '5591000020', ValidationType: 'board-member' });
    expect(narrowed.statusCode).toBe(403);
    expect(narrowed.json()).toMatchObject({ code: 'ORG_NUMBER_VERIFICATION_FAILED' });
  });

  it('refuses a person with no role, a struck-off company and an unknown one, in the asked language', async () => {
    for (const [personalNumber, orgNumber] of [
      [johan, '5591000012'],
      [anna, '5591000053'],
      [anna, '5591000061'],
    ] as const) {
      const { key } = await approvedOrder(testApp, '/v2/linktinker/app/bankid/orgnumber', personalNumber);
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/v2/linktinker/app/bankid/validate/orgnumber?lang=sv',
        payload: { ClientAccessKey: key, OrgNumber: orgNumber },
      });
      expect(response.statusCode, orgNumber).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'ORG_NUMBER_VERIFICATION_FAILED',
        message: expect.stringMatching(/Organisationsnumret kunde inte verifieras/),
      });
    }
  });

  it('says "company lookup failed" when the registry cannot answer', async () => {
    testApp.context.companyRegistry.simulator?.controls.failNext(503);
    const response = await validateOrg(anna, { OrgNumber: '5591000012' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: 'COMPANY_LOOKUP_FAILED' });
  });

  it('refuses a malformed organisation number, and a login order in place of an organisation order', async () => {
    const { key } = await approvedOrder(testApp, '/v2/linktinker/app/bankid/orgnumber', anna);
    for (const OrgNumber of ['5591000013', '55910000', 'abcdefghij']) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/v2/linktinker/app/bankid/validate/orgnumber',
        payload: { ClientAccessKey: key, OrgNumber },
      });
      expect(response.statusCode, OrgNumber).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const login = await approvedOrder(testApp, '/v2/linktinker/app/bankid', anna);
    const withLogin = await testApp.app.inject({
      method: 'POST',
      url: '/v2/linktinker/app/bankid/validate/orgnumber',
      payload: { ClientAccessKey: login.key, OrgNumber: '5591000012' },
    });
    expect(withLogin.statusCode).toBe(404);
  });
});

describe("a recipient's organisation, links/{id}/validation/…orgnumber/bankid", () => {
  it('checks the organisation and keeps it with the link when asked', async () => {
    const { linkId } = await seedLink(testApp.database.db);
    const { key } = await approvedOrder(testApp, `/v2/linktinker/links/${linkId}/validation/orgnumber/bankid`, anna);
    const validate = (body: Record<string, unknown>) =>
      testApp.app.inject({
        method: 'POST',
        url: `/v2/linktinker/links/${linkId}/validation/validate/orgnumber/bankid`,
        payload: { ClientAccessKey: key, ...body },
      });
    const response = await validate({ OrgNumber: '5591000012', SaveOrgData: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ Company: { LegalName: 'Andersson Konsult AB' } });
    const kept = await testApp.database.db.select().from(linkVerifications).where(eq(linkVerifications.linkId, linkId));
    expect(kept).toEqual([
      expect.objectContaining({
        kind: 'org-number',
        signatureIndex: null,
        value: expect.objectContaining({ orgNumber: '5591000012' }),
      }),
    ]);
    // The browser's retry answers the same and keeps nothing twice.
    expect((await validate({ OrgNumber: '5591000012', SaveOrgData: true })).statusCode).toBe(200);
    expect(
      await testApp.database.db.select().from(linkVerifications).where(eq(linkVerifications.linkId, linkId)),
    ).toHaveLength(1);
  });

  it("refuses another link's order", async () => {
    const own = await seedLink(testApp.database.db);
    const other = await seedLink(testApp.database.db);
    const { key } = await approvedOrder(
      testApp,
      `/v2/linktinker/links/${own.linkId}/validation/orgnumber/bankid`,
      anna,
    );
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/v2/linktinker/links/${other.linkId}/validation/validate/orgnumber/bankid`,
      payload: { ClientAccessKey: key, OrgNumber: '5591000012' },
    });
    expect(response.statusCode).toBe(404);
  });
});
