import { roles } from '@signlink/contracts/auth/roles';
import { isValidOcrReference } from '@signlink/contracts/billing/ocr-reference';
import { pdftotext } from '@signlink/pdf/sealing/pdf-tools.test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { insertTestInvoice } from './invoices-test-helpers.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
}, 60_000);
afterAll(() => testApp?.close());

const day = 24 * 3_600_000;
const get = (token: string, url: string) => injectWithToken(testApp, token, 'GET', `/v2/linktinker/app${url}`);

describe('invoices (SPEC section 9, invoice terms)', () => {
  it('lists the account’s invoices newest first, each unpaid, paid or overdue', async () => {
    const admin = await signInSeededUser(testApp);
    const { db } = testApp.database;
    const overdue = await insertTestInvoice(db, {
      accountId: admin.accountId,
      issuedAt: new Date(Date.now() - 40 * day),
    });
    const paid = await insertTestInvoice(db, {
      accountId: admin.accountId,
      issuedAt: new Date(Date.now() - 20 * day),
      paidAt: new Date(Date.now() - 15 * day),
    });
    const unpaid = await insertTestInvoice(db, { accountId: admin.accountId });
    const reply = await get(admin.token, '/invoices');
    expect(reply.statusCode, reply.body).toBe(200);
    const invoices = reply.json().Invoices as { Id: string; Status: string }[];
    expect(invoices.map(({ Id, Status }) => [Id, Status])).toEqual([
      [unpaid.id, 'unpaid'],
      [paid.id, 'paid'],
      [overdue.id, 'overdue'],
    ]);
    const one = await get(admin.token, `/invoices/${unpaid.id}`);
    expect(one.json()).toMatchObject({
      Id: unpaid.id,
      Number: unpaid.number,
      OcrReference: unpaid.ocrReference,
      Subtotal: 4_900_00,
      VatPercent: 25,
      Vat: 1_225_00,
      Amount: 6_125_00,
      Currency: 'SEK',
      PaidAt: null,
      Status: 'unpaid',
      InvoiceEmail: 'faktura@exempelbolaget.se',
    });
    // Ten days net (SPEC section 9).
    expect(Date.parse(one.json().DueAt) - Date.parse(one.json().IssuedAt)).toBe(10 * day);
    expect(isValidOcrReference(one.json().OcrReference)).toBe(true);
  });

  it('shows any member the invoices, and another account’s as not found', async () => {
    const admin = await signInSeededUser(testApp);
    const invoice = await insertTestInvoice(testApp.database.db, { accountId: admin.accountId });
    const reader = await signInSeededUser(testApp, { role: roles.readOnly, accountId: admin.accountId });
    expect((await get(reader.token, `/invoices/${invoice.id}`)).statusCode).toBe(200);
    const stranger = await signInSeededUser(testApp);
    for (const url of [`/invoices/${invoice.id}`, `/invoices/${invoice.id}/pdf`]) {
      expect((await get(stranger.token, url)).statusCode, url).toBe(404);
    }
    expect((await get(stranger.token, '/invoices')).json()).toEqual({ Invoices: [] });
  });

  it('prints the invoice with its OCR reference, due date, 8% late interest, VAT and total', async () => {
    const admin = await signInSeededUser(testApp);
    const issuedAt = new Date('2026-11-02T09:00:00Z');
    const invoice = await insertTestInvoice(testApp.database.db, { accountId: admin.accountId, issuedAt });
    const reply = await get(admin.token, `/invoices/${invoice.id}/pdf`);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(reply.headers['content-disposition']).toContain(`Invoice ${invoice.number}.pdf`);
    const text = pdftotext(reply.rawPayload, { layout: true });
    const ocr = text.match(/OCR reference\s+(\d+)/)?.[1] ?? '';
    expect(ocr).toBe(invoice.ocrReference);
    expect(isValidOcrReference(ocr)).toBe(true);
    expect(text).toMatch(new RegExp(`Invoice number\\s+${invoice.number}`));
    expect(text).toContain('Exempelbolaget AB');
    expect(text).toContain('111 22 Stockholm');
    expect(text).toMatch(/Invoice date\s+2026-11-02/);
    expect(text).toMatch(/Due date\s+2026-11-12 \(10 days net\)/);
    expect(text).toMatch(/Subtotal excluding VAT\s+4 900\.00 SEK/);
    expect(text).toMatch(/VAT 25%\s+1 225\.00 SEK/);
    expect(text).toMatch(/Amount to pay\s+6 125\.00 SEK/);
    expect(text).toMatch(/Bankgiro\s+5555-1055/);
    expect(text).toContain('Late interest of 8% per year');
    expect(text).toMatch(/Period\s+2026-11-02 – 2027-11-02/);
  });

  it('prints it in Swedish and Spanish, and without a VAT line when none is charged', async () => {
    const admin = await signInSeededUser(testApp);
    const invoice = await insertTestInvoice(testApp.database.db, { accountId: admin.accountId, vatPercent: 0 });
    const inLanguage = async (lang: string) => {
      const reply = await get(admin.token, `/invoices/${invoice.id}/pdf?lang=${lang}`);
      expect(reply.statusCode, reply.body).toBe(200);
      return pdftotext(reply.rawPayload, { layout: true });
    };
    const sv = await inLanguage('sv');
    expect(sv).toMatch(new RegExp(`OCR-nummer\\s+${invoice.ocrReference}`));
    expect(sv).toMatch(/dagar netto/);
    expect(sv).toContain('dröjsmålsränta med 8 % per år');
    expect(sv).toMatch(/Att betala\s+4 900,00 SEK/);
    expect(sv).not.toMatch(/Moms/);
    const es = await inLanguage('es');
    expect(es).toMatch(new RegExp(`Referencia OCR\\s+${invoice.ocrReference}`));
    expect(es).toContain('intereses de demora del 8 % anual');
    expect(es).toMatch(/Importe a pagar\s+4 900.00 SEK/);
  });
});
