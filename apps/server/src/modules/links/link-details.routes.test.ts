import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedDocument } from '../../../test/seed-document.ts';
import { links } from '../../db/schema/documents.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => testApp.close());

const details = (code: string) => testApp.app.inject({ method: 'GET', url: `/v2/linktinker/links/${code}` });

describe('GET linktinker/links/{id}: link details (SPEC section 3)', () => {
  it('names the document, its owner and the gate, with only the gate’s contact, masked', async () => {
    const seeded = await seedDocument(testApp.database.db, {
      title: 'Lease 2027',
      language: 'sv',
      parties: [{ name: 'Anna', email: 'anna.andersson@example.com', phone: '+46701234567' }],
    });
    const [party] = seeded.parties;
    if (!party) throw new Error('no party');
    await testApp.database.db.update(links).set({ requireSms: true }).where(eq(links.id, party.linkCode));

    const response = await details(party.linkCode.toLowerCase());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      Code: party.linkCode,
      LinkName: 'Lease 2027',
      Language: 'sv',
      RequireSMS: true,
      RequireEmail: false,
      PhoneNumberMasked: '+46 *** *** 567',
      EmailAddressMasked: null,
    });
    expect(JSON.stringify(body)).not.toContain('anna.andersson');
    expect(JSON.stringify(body)).not.toContain('701234567');
  });

  it('answers a withdrawn document’s link as recalled (410) and an unknown one as invalid (404)', async () => {
    const seeded = await seedDocument(testApp.database.db, { state: 'withdrawn' });
    const code = seeded.parties[0]?.linkCode ?? '';
    const recalled = await details(code);
    expect(recalled.statusCode).toBe(410);
    expect(recalled.json().code).toBe('LINK_RECALLED');
    const unknown = await details('ABCDEFGHJKMNPQRSTUVW');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('INVALID_LINK');
  });
});
