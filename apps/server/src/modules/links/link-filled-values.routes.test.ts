import type { LinkSignatureSlot } from '@signlink/contracts/links/link-access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedDocument } from '../../../test/seed-document.ts';
import { drawing, requestTokenFor, signInk } from './link-signing.test-helpers.ts';

/**
 * What a later party sees of an earlier one's fields: the values sealing will stamp, read from the signatures, in the
 * access answer, the status poll and every signature's answer; never what an unsigned party typed or saved.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
}, 60_000);
afterAll(() => testApp?.close());

const field = (id: string, type: string, signatureIndex: number, y: number, name: string) => ({
  id,
  type,
  signatureIndex,
  page: 1,
  x: 10,
  y,
  width: 150,
  height: type === 'signature' ? 50 : 20,
  required: false,
  name,
});
const fields = [
  field('sig-0', 'signature', 0, 10, 'Signature[0]'),
  field('text-0', 'text', 0, 70, 'Text[0]'),
  field('date-0', 'date', 0, 95, 'Date[0]'),
  field('check-0', 'checkbox', 0, 120, 'Checkbox[0]'),
  field('sig-1', 'signature', 1, 160, 'Signature[1]'),
  field('text-1', 'text', 1, 220, 'Text[1]'),
] as never;

const access = (linkId: string) =>
  testApp.app.inject({ method: 'POST', url: `/v2/linktinker/links/${linkId}/access`, payload: { rules: true } });
const status = (linkId: string, requestToken: string) =>
  testApp.app.inject(`/v2/linktinker/links/${linkId}/status?requestToken=${encodeURIComponent(requestToken)}`);
const slotsOf = (body: { Signatures: LinkSignatureSlot[] }) => body.Signatures;

describe('the filled values of signed slots', () => {
  it('shows a later party the earlier one’s signed values, and nobody an unsigned party’s draft', async () => {
    const doc = await seedDocument(testApp.database.db, {
      parties: [{ name: 'Anna Andersson' }, { name: 'Bo Berg' }],
      fields,
    });
    const [anna, bo] = doc.parties;
    if (!anna || !bo) throw new Error('two parties');

    // Bo saves a draft of his form before anyone signs: it is his until he signs.
    const boToken = await requestTokenFor(testApp, bo.linkCode);
    const saved = await testApp.app.inject({
      method: 'POST',
      url: `/v2/linktinker/links/${bo.linkCode}/forms`,
      payload: { document: doc.documentId, requestToken: boToken, instantJson: { 'Text[1]': 'Bo draft' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = await access(anna.linkCode);
    expect(before.statusCode, before.body).toBe(200);
    expect(slotsOf(before.json()).map((slot) => slot.filledValues)).toEqual([{}, {}]);
    expect(before.body).not.toContain('Bo draft');

    const annaToken = await requestTokenFor(testApp, anna.linkCode);
    const signed = await signInk(testApp, anna.linkCode, {
      SignatureIndex: 0,
      RequestToken: annaToken,
      InkSignatureJsonData: drawing(),
      FormValues: { 'Text[0]': 'Acme AB', 'Date[0]': '2025-03-01', 'Checkbox[0]': true },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const annaValues = { 'Text[0]': 'Acme AB', 'Date[0]': '2025-03-01', 'Checkbox[0]': true };
    // Anna's own answer carries them: a reload after signing still shows what she filled.
    expect(slotsOf(signed.json())[0]?.filledValues).toEqual(annaValues);

    const later = await access(bo.linkCode);
    expect(later.statusCode, later.body).toBe(200);
    expect(slotsOf(later.json()).map((slot) => slot.filledValues)).toEqual([annaValues, {}]);
    expect(later.body).not.toContain('Bo draft');
    const polled = await status(bo.linkCode, boToken);
    expect(polled.statusCode, polled.body).toBe(200);
    expect(slotsOf(polled.json()).map((slot) => slot.filledValues)).toEqual([annaValues, {}]);
  });
});
