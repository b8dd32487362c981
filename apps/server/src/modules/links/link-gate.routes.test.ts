import { limits } from '@signlink/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedDocument } from '../../../test/seed-document.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { oneTimeCodes } from '../../db/schema/auth.ts';
import { links } from '../../db/schema/documents.ts';
import { freshDestination, readSentCode } from '../verification-codes/verification-codes-test-helpers.ts';
import { seedGatedLink, sendGateCode } from './link-gate-test-helpers.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => testApp.close());

const post = (url: string, payload: Record<string, unknown> = {}) =>
  testApp.app.inject({ method: 'POST', url: `/v2/linktinker/links/${url}`, payload });

const wrongOf = (code: string) => (code === '0000' ? '1111' : code.replace(/./, (c) => (c === '9' ? '0' : '9')));
const validate = (linkId: string, key: string, code: string) =>
  post(`${linkId}/validation/validate`, { ClientAccessKey: key, Code: code });

describe('the SMS and e-mail gate of a link (SPEC sections 4 and 7, issue 8 part 3)', () => {
  it("texts a code to the party's predefined phone without input, and checks it once", async () => {
    const phone = freshDestination('sms');
    const { linkId } = await seedGatedLink(testApp, 'sms', { phone });
    const { key, code } = await sendGateCode(testApp, linkId, 'sms', phone);
    expect(code).toMatch(/^\d{4}$/);
    const { rows } = await testApp.database.executeSql(
      `select data->>'purpose' as purpose, locale from messages where recipient = $1`,
      [phone],
    );
    expect(rows[0]).toMatchObject({ purpose: 'recipient-access' });

    const ok = await validate(linkId.toLowerCase(), key, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ ClientAccessKey: key, Type: 'sms', Use: 'gate' });
    const again = await validate(linkId, key, code);
    expect(again.statusCode).toBe(406);
    expect(again.json()).toMatchObject({ code: 'WRONG_CODE', details: { reason: 'used' } });
  });

  it('refuses a typed number other than the predefined one, and a bad number, and accepts the same one typed', async () => {
    const phone = freshDestination('sms');
    const { linkId } = await seedGatedLink(testApp, 'sms', { phone });
    const other = await post(`${linkId}/sms`, { value: freshDestination('sms') });
    expect(other.statusCode).toBe(406);
    expect(other.json()).toMatchObject({ code: 'WRONG_PHONE' });
    const bad = await post(`${linkId}/sms`, { value: '+46 070 123' });
    expect(bad.json()).toMatchObject({ code: 'INVALID_PHONE' });
    // The national form of the same number, read in the default country SE.
    const national = `0${phone.slice(3)}`;
    await sendGateCode(testApp, linkId, 'sms', phone, national);
  });

  it("e-mails a code to a typed address when the party has none, and refuses the other channel's send", async () => {
    const { linkId } = await seedGatedLink(testApp, 'email', { email: null });
    const missing = await post(`${linkId}/email`, {});
    expect(missing.json()).toMatchObject({ code: 'INVALID_EMAIL' });
    const address = freshDestination('email');
    const { key, code } = await sendGateCode(testApp, linkId, 'email', address, address.toUpperCase());
    expect(code).toHaveLength(limits.emailCodeLength);
    const viaSms = await post(`${linkId}/sms`, { value: freshDestination('sms') });
    expect(viaSms.statusCode).toBe(403);
    expect(viaSms.json()).toMatchObject({ code: 'ACCESS_FAILED', details: { reason: 'gate-not-sms' } });
    const ok = await validate(linkId, key, code.toLowerCase());
    expect(ok.json()).toMatchObject({ Type: 'email', Use: 'gate' });
  });

  it('refuses the predefined e-mail replaced by another (WRONG_EMAIL)', async () => {
    const email = freshDestination('email');
    const { linkId } = await seedGatedLink(testApp, 'email', { email });
    const other = await post(`${linkId}/email`, { value: freshDestination('email') });
    expect(other.json()).toMatchObject({ code: 'WRONG_EMAIL' });
    await sendGateCode(testApp, linkId, 'email', email, ` ${email.toUpperCase()} `);
  });

  it('sends at most 3 codes per destination per 15 minutes', async () => {
    const phone = freshDestination('sms');
    const { linkId } = await seedGatedLink(testApp, 'sms', { phone });
    for (let i = 0; i < limits.codesPerDestinationPerWindow; i += 1) await sendGateCode(testApp, linkId, 'sms', phone);
    const fourth = await post(`${linkId}/sms`, {});
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('voids a code after 5 wrong tries, and refuses it after 10 minutes', async () => {
    const phone = freshDestination('sms');
    const { linkId } = await seedGatedLink(testApp, 'sms', { phone });
    const { key, code } = await sendGateCode(testApp, linkId, 'sms', phone);
    for (let i = 1; i <= limits.otpMaxWrongTries; i += 1) {
      const wrong = await validate(linkId, key, wrongOf(code));
      expect(wrong.json()).toMatchObject({ code: 'WRONG_CODE', details: { reason: 'wrong', triesLeft: 5 - i } });
    }
    const right = await validate(linkId, key, code);
    expect(right.json()).toMatchObject({ code: 'WRONG_CODE', details: { reason: 'too-many-tries' } });

    const second = await sendGateCode(testApp, linkId, 'sms', phone);
    await testApp.database.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.token, second.key));
    const late = await validate(linkId, second.key, second.code);
    expect(late.json()).toMatchObject({ code: 'WRONG_CODE', details: { reason: 'expired' } });
  });

  it("refuses link A's code at link B, without using it up", async () => {
    const phone = freshDestination('sms');
    const a = await seedGatedLink(testApp, 'sms', { phone });
    const b = await seedGatedLink(testApp, 'sms', { phone: freshDestination('sms') });
    const { key, code } = await sendGateCode(testApp, a.linkId, 'sms', phone);
    const atB = await validate(b.linkId, key, code);
    expect(atB.json()).toMatchObject({ code: 'WRONG_CODE', details: { reason: 'unknown' } });
    expect((await validate(a.linkId, key, code)).statusCode).toBe(200);
  });

  it('locks the gate after 10 wrong codes at the link, even guessed in parallel, until the sender reminds', async () => {
    const sender = await signInSeededUser(testApp);
    const phone = freshDestination('sms');
    const email = freshDestination('email');
    const { linkId, documentId } = await seedGatedLink(testApp, 'sms', { phone, email }, sender);
    // Three codes (the send limit), five guesses each in parallel: 15 wrong guesses, of which only 10 count.
    const codes = [];
    for (let i = 0; i < 3; i += 1) {
      const sent = await post(`${linkId}/sms`, {});
      codes.push({ key: sent.json().ClientAccessKey as string, code: await readSentCode(testApp.database, phone) });
    }
    // Each new code voids the earlier ones of the destination; reopen them so all three are guessed at.
    await testApp.database.db.update(oneTimeCodes).set({ consumedAt: null }).where(eq(oneTimeCodes.destination, phone));
    const guesses = await Promise.all(
      codes.flatMap(({ key, code }) => Array.from({ length: 5 }, () => validate(linkId, key, wrongOf(code)))),
    );
    const counted = guesses.filter((response) => response.json().details?.reason === 'wrong');
    expect(counted.length).toBe(limits.linkGateMaxWrongTries);
    const [row] = await testApp.database.db.select().from(links).where(eq(links.id, linkId));
    expect(row?.gateWrongTries).toBe(limits.linkGateMaxWrongTries);
    expect(row?.gateLockedAt).not.toBeNull();

    const locked = { code: 'ACCESS_FAILED', details: { reason: 'gate-locked' } };
    expect((await post(`${linkId}/sms`, {})).json()).toMatchObject(locked);
    const right = codes[2];
    expect((await validate(linkId, right?.key ?? '', right?.code ?? '')).json()).toMatchObject(locked);
    expect((await post(`${linkId}/access`, {})).json()).toMatchObject(locked);

    const reminded = await injectWithToken(
      testApp,
      sender.token,
      'POST',
      `/v2/linktinker/errands/${documentId}/sendreminders`,
      {},
    );
    expect(reminded.statusCode, reminded.body).toBe(200);
    const [reopened] = await testApp.database.db.select().from(links).where(eq(links.id, linkId));
    expect(reopened).toMatchObject({ gateWrongTries: 0, gateLockedAt: null });
    await testApp.database.db
      .update(oneTimeCodes)
      .set({ consumedAt: null })
      .where(eq(oneTimeCodes.token, right?.key ?? ''));
    expect((await validate(linkId, right?.key ?? '', right?.code ?? '')).statusCode).toBe(200);
  });

  it('validation/sms with accessDocument is the gate; without it, a contact verified after the gate with a RequestToken', async () => {
    const phone = freshDestination('sms');
    const { linkId } = await seedGatedLink(testApp, 'sms', { phone });
    const asGate = await post(`${linkId}/validation/sms`, { accessDocument: true });
    expect(asGate.statusCode, asGate.body).toBe(200);
    const gateKey = asGate.json().ClientAccessKey as string;
    const gateCheck = await validate(linkId, gateKey, await readSentCode(testApp.database, phone));
    expect(gateCheck.json()).toMatchObject({ Use: 'gate' });
    const opened = await post(`${linkId}/access`, { SmsClientAccessKey: gateKey });
    expect(opened.statusCode, opened.body).toBe(200);
    const requestToken = opened.json().RequestToken as string;

    const email = freshDestination('email');
    const noToken = await post(`${linkId}/validation/email`, { value: email });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json()).toMatchObject({ code: 'ACCESS_FAILED', details: { reason: 'no-request-token' } });
    const other = await seedGatedLink(testApp, 'none');
    const otherToken = await post(`${other.linkId}/validation/email`, { value: email, requestToken });
    expect(otherToken.json()).toMatchObject({ code: 'ACCESS_FAILED', details: { reason: 'bad-request-token' } });

    const contact = await post(`${linkId}/validation/email`, { value: email, requestToken });
    expect(contact.statusCode, contact.body).toBe(200);
    const contactKey = contact.json().ClientAccessKey as string;
    const checked = await validate(linkId, contactKey, await readSentCode(testApp.database, email));
    expect(checked.json()).toEqual({ ClientAccessKey: contactKey, Type: 'email', Use: 'contact' });
    // A verified contact is not a way through the gate.
    const viaContact = await post(`${linkId}/access`, { SmsClientAccessKey: contactKey });
    expect(viaContact.json()).toMatchObject({ code: 'ACCESS_FAILED', details: { reason: 'no-proof' } });
  });

  it('answers a withdrawn link as recalled (410) and an unknown one as invalid (404)', async () => {
    const seeded = await seedDocument(testApp.database.db, { state: 'withdrawn' });
    const withdrawn = await post(`${seeded.parties[0]?.linkCode}/sms`, { value: freshDestination('sms') });
    expect(withdrawn.statusCode).toBe(410);
    const unknown = await post('ABCDEFGHJKMNPQRSTUVW/validation/validate', {
      ClientAccessKey: 'x'.repeat(32),
      Code: '1',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'INVALID_LINK' });
  });
});
