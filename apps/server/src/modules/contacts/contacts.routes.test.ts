import { roles } from '@signlink/contracts/auth/roles';
import type { Contact } from '@signlink/contracts/contacts/contacts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { contacts } from '../../db/schema/templates.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, path: string, payload?: object) =>
  injectWithToken(testApp, token, method, `/v2/linktinker/${path}`, payload);
const signIn = (options: { role?: number; accountId?: string } = {}) => signInSeededUser(testApp, options);
const rowsOf = (accountId: string) =>
  testApp.database.db.select().from(contacts).where(eq(contacts.accountId, accountId));

async function add(token: string, body: object) {
  const reply = await call(token, 'POST', 'contacts', body);
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json() as Contact;
}

describe("the account's contacts (SPEC section 2, menu item Contacts)", () => {
  it('adds, lists by name, searches, changes and deletes a contact', async () => {
    const admin = await signIn();
    const anna = await add(admin.token, {
      Name: 'Anna Andersson',
      Email: ' Anna.Andersson@Example.COM ',
      Phone: '070-123 45 67',
    });
    expect(anna).toMatchObject({
      Kind: 'person',
      Name: 'Anna Andersson',
      Email: 'anna.andersson@example.com',
      Phone: '+46701234567',
      CompanyName: null,
      Source: 'manual',
      LastUsed: null,
    });
    const acme = await add(admin.token, {
      Kind: 'company',
      Name: 'Acme AB',
      Phone: '+46 70 765 43 21',
      CompanyName: 'Acme AB',
      OrgNumber: '556677-8899',
      Email: '',
    });
    expect(acme).toMatchObject({ Kind: 'company', Email: null, Phone: '+46707654321', OrgNumber: '556677-8899' });

    const all = (await call(admin.token, 'GET', 'contacts')).json();
    expect(all.Contacts.map((contact: Contact) => contact.Name)).toEqual(['Acme AB', 'Anna Andersson']);
    expect(all).toMatchObject({ Total: 2, CanEdit: true });
    // Case and LIKE's wildcards do not matter; the limit cuts the list but not the count.
    const found = (await call(admin.token, 'GET', 'contacts?search=ANDERS')).json();
    expect(found.Contacts.map((contact: Contact) => contact.Id)).toEqual([anna.Id]);
    expect((await call(admin.token, 'GET', 'contacts?search=%25')).json().Total).toBe(0);
    expect((await call(admin.token, 'GET', 'contacts?search=4321')).json().Contacts[0].Id).toBe(acme.Id);
    const limited = (await call(admin.token, 'GET', 'contacts?limit=1')).json();
    expect([limited.Contacts.length, limited.Total]).toEqual([1, 2]);

    const changed = await call(admin.token, 'PUT', `contacts/${anna.Id}`, {
      Name: 'Anna Berg',
      Email: 'anna.berg@example.com',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      Id: anna.Id,
      Name: 'Anna Berg',
      Email: 'anna.berg@example.com',
      Phone: null,
    });

    expect((await call(admin.token, 'DELETE', `contacts/${anna.Id}`)).statusCode).toBe(204);
    expect((await call(admin.token, 'DELETE', `contacts/${anna.Id}`)).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await rowsOf(admin.accountId)).map((row) => row.id)).toEqual([acme.Id]);
  });

  it('refuses a bad address or number, a contact without either, and writes nothing', async () => {
    const admin = await signIn();
    const badEmail = await call(admin.token, 'POST', 'contacts', { Name: 'Bo', Email: 'bo@' });
    expect([badEmail.statusCode, badEmail.json().code]).toEqual([400, 'INVALID_EMAIL']);
    const badPhone = await call(admin.token, 'POST', 'contacts', { Name: 'Bo', Phone: '+46 070 123 45 67' });
    expect([badPhone.statusCode, badPhone.json().code]).toEqual([400, 'INVALID_PHONE']);
    const neither = await call(admin.token, 'POST', 'contacts', { Name: 'Bo', Email: ' ', Phone: null });
    expect([neither.statusCode, neither.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const noName = await call(admin.token, 'POST', 'contacts', { Name: '  ', Email: 'bo@example.com' });
    expect([noName.statusCode, noName.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await rowsOf(admin.accountId)).toEqual([]);

    const bo = await add(admin.token, { Name: 'Bo', Email: 'bo@example.com' });
    const badChange = await call(admin.token, 'PUT', `contacts/${bo.Id}`, { Name: 'Bo', Email: 'nope' });
    expect(badChange.json()).toMatchObject({ code: 'INVALID_EMAIL' });
    expect((await rowsOf(admin.accountId))[0]?.email).toBe('bo@example.com');
  });

  it('keeps one contact per address, or per number without one: a second is CONTACT_ALREADY_EXISTS', async () => {
    const admin = await signIn();
    await add(admin.token, { Name: 'Bo', Email: 'bo@example.com' });
    const twice = await call(admin.token, 'POST', 'contacts', { Name: 'Bo again', Email: 'BO@example.com' });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'CONTACT_ALREADY_EXISTS']);
    await add(admin.token, { Name: 'Cai', Phone: '0701234567' });
    const samePhone = await call(admin.token, 'POST', 'contacts', { Name: 'Cai', Phone: '+46701234567' });
    expect(samePhone.json()).toMatchObject({ code: 'CONTACT_ALREADY_EXISTS' });
    // The number with an address is another contact: the address is what makes it one.
    await add(admin.token, { Name: 'Cai at work', Phone: '0701234567', Email: 'cai@example.com' });

    const dan = await add(admin.token, { Name: 'Dan', Email: 'dan@example.com' });
    const taken = await call(admin.token, 'PUT', `contacts/${dan.Id}`, { Name: 'Dan', Email: 'bo@example.com' });
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'CONTACT_ALREADY_EXISTS']);
    const unchanged = (await rowsOf(admin.accountId)).find((row) => row.id === dan.Id);
    expect(unchanged?.email).toBe('dan@example.com');

    // Another account has its own Bo.
    const other = await signIn();
    expect((await add(other.token, { Name: 'Bo', Email: 'bo@example.com' })).Email).toBe('bo@example.com');
  });

  it("shows another account's contact to no one: NOT_FOUND to change or delete", async () => {
    const admin = await signIn();
    const bo = await add(admin.token, { Name: 'Bo', Email: 'bo@example.com' });
    const other = await signIn();
    expect((await call(other.token, 'GET', 'contacts')).json()).toMatchObject({ Contacts: [], Total: 0 });
    const put = await call(other.token, 'PUT', `contacts/${bo.Id}`, { Name: 'Mine', Email: 'x@example.com' });
    expect([put.statusCode, put.json().code]).toEqual([404, 'NOT_FOUND']);
    expect((await call(other.token, 'DELETE', `contacts/${bo.Id}`)).statusCode).toBe(404);
    expect((await rowsOf(admin.accountId))[0]).toMatchObject({ name: 'Bo', email: 'bo@example.com' });
  });

  it('lets contributors edit, and read-only users only read (SPEC section 6)', async () => {
    const admin = await signIn();
    const contributor = await signIn({ accountId: admin.accountId, role: roles.contributor });
    const readOnly = await signIn({ accountId: admin.accountId, role: roles.readOnly });
    const bo = await add(contributor.token, { Name: 'Bo', Email: 'bo@example.com' });

    const read = (await call(readOnly.token, 'GET', 'contacts')).json();
    expect(read).toMatchObject({ Total: 1, CanEdit: false });
    for (const [method, path] of [
      ['POST', 'contacts'],
      ['PUT', `contacts/${bo.Id}`],
      ['DELETE', `contacts/${bo.Id}`],
    ] as const) {
      const refused = await call(readOnly.token, method, path, { Name: 'X', Email: 'x@example.com' });
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'FORBIDDEN']);
    }
    expect(await rowsOf(admin.accountId)).toHaveLength(1);
  });
});
