import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedDocument } from '../../../test/seed-document.ts';
import { documentSignatures } from '../../db/schema/signatures.ts';
import { drawing, requestTokenFor, signInk } from './link-signing.test-helpers.ts';

/** Issue 8, part 6: what `POST linktinker/links/{id}/sign/ink` takes: the slot's fields, the printed name, the drawing. */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
}, 60_000);
afterAll(() => testApp?.close());

const db = () => testApp.database.db;
const signaturesOf = (documentId: string) =>
  db().select().from(documentSignatures).where(eq(documentSignatures.documentId, documentId));

async function twoParties(options: Parameters<typeof seedDocument>[1] = {}) {
  const doc = await seedDocument(db(), { parties: [{ name: 'Anna Andersson' }, { name: 'Bo Berg' }], ...options });
  const [first, second] = doc.parties;
  if (!first || !second) throw new Error('two parties');
  return { doc, first, second };
}

describe("the slot's fields and the name clarification", () => {
  const fields = [
    {
      id: 'sig-0',
      type: 'signature',
      signatureIndex: 0,
      page: 1,
      x: 10,
      y: 10,
      width: 150,
      height: 50,
      required: true,
      name: 'Signature[0]',
    },
    {
      id: 'text-0',
      type: 'text',
      signatureIndex: 0,
      page: 1,
      x: 10,
      y: 70,
      width: 150,
      height: 20,
      required: true,
      name: 'Text[0]',
    },
    {
      id: 'date-0',
      type: 'date',
      signatureIndex: 0,
      page: 1,
      x: 10,
      y: 95,
      width: 150,
      height: 20,
      required: false,
      name: 'Date[0]',
    },
    {
      id: 'check-0',
      type: 'checkbox',
      signatureIndex: 0,
      page: 1,
      x: 10,
      y: 120,
      width: 20,
      height: 20,
      required: true,
      name: 'Checkbox[0]',
    },
    {
      id: 'text-1',
      type: 'text',
      signatureIndex: 1,
      page: 1,
      x: 200,
      y: 70,
      width: 150,
      height: 20,
      required: false,
      name: 'Text[1]',
    },
  ] as const;

  it('needs the required fields, takes only its own, and keeps the values with the signature', async () => {
    const { doc, first } = await twoParties({ fields });
    const RequestToken = await requestTokenFor(testApp, first.linkCode);
    const sign = (FormValues: Record<string, unknown>) =>
      signInk(testApp, first.linkCode, {
        SignatureIndex: 0,
        RequestToken,
        InkSignatureJsonData: drawing(),
        FormValues,
      });

    const missing = await sign({ 'Text[0]': '   ', 'Checkbox[0]': false });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      code: 'MANDATORY_FIELDS_MISSING',
      details: { fields: ['Text[0]', 'Checkbox[0]'] },
    });
    const foreign = await sign({ 'Text[0]': 'Storgatan 1', 'Checkbox[0]': true, 'Text[1]': 'not mine' });
    expect(foreign.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'Text[1]' } });
    const badDate = await sign({ 'Text[0]': 'Storgatan 1', 'Checkbox[0]': true, 'Date[0]': '2025-02-31' });
    expect(badDate.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'Date[0]' } });
    expect(await signaturesOf(doc.documentId)).toHaveLength(0);

    const ok = await sign({ 'Text[0]': ' Storgatan 1 ', 'Checkbox[0]': true, 'Date[0]': '2025-03-01' });
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await signaturesOf(doc.documentId);
    expect(row?.formValues).toEqual({ 'Text[0]': 'Storgatan 1', 'Checkbox[0]': true, 'Date[0]': '2025-03-01' });
  });

  it('asks for the printed name when the document allows name clarification, and signs with it', async () => {
    const { doc, first } = await twoParties({ settings: { allowNameClarification: true, allowDownloading: true } });
    const RequestToken = await requestTokenFor(testApp, first.linkCode);
    const without = await signInk(testApp, first.linkCode, {
      SignatureIndex: 0,
      RequestToken,
      InkSignatureJsonData: drawing(),
    });
    expect(without.json()).toMatchObject({ code: 'MANDATORY_FIELDS_MISSING', details: { fields: ['ClarifiedName'] } });
    const named = await signInk(testApp, first.linkCode, {
      SignatureIndex: 0,
      RequestToken,
      InkSignatureJsonData: drawing(),
      ClarifiedName: '  Anna B. Andersson ',
    });
    expect(named.statusCode).toBe(200);
    expect(named.json().Signatures[0]).toMatchObject({
      clarifiedName: 'Anna B. Andersson',
      nameClarificationIsConfirmed: true,
    });
    const [row] = await signaturesOf(doc.documentId);
    expect(row).toMatchObject({ signerName: 'Anna B. Andersson', clarifiedName: 'Anna B. Andersson' });
  });
});

describe('the drawing is parsed and bounded', () => {
  it.each([
    ['not JSON', '{strokes'],
    ['an empty drawing', '[]'],
    ['a stroke without points', JSON.stringify([{ points: [] }])],
    ['a point far off the pad', JSON.stringify([{ points: [{ x: 1e9, y: 1 }] }])],
    ['a coordinate that is not a number', JSON.stringify([{ points: [{ x: 'NaN', y: 1 }] }])],
    ['too many strokes', JSON.stringify(Array.from({ length: 201 }, () => ({ points: [{ x: 1, y: 1 }] })))],
    [
      'too many points',
      JSON.stringify(
        Array.from({ length: 5 }, () => ({ points: Array.from({ length: 4_001 }, () => ({ x: 1, y: 1 })) })),
      ),
    ],
  ])('refuses %s', async (_, InkSignatureJsonData) => {
    const { doc, first } = await twoParties();
    const response = await signInk(testApp, first.linkCode, {
      SignatureIndex: 0,
      RequestToken: await requestTokenFor(testApp, first.linkCode),
      InkSignatureJsonData,
    });
    expect(response.statusCode).toBe(400);
    expect(await signaturesOf(doc.documentId)).toHaveLength(0);
  });
});
