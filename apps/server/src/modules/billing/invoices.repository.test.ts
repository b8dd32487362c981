import { isValidOcrReference } from '@signlink/contracts/billing/ocr-reference';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../../../test/seed-user.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { newId } from '../../lib/ids.ts';
import { findInvoice, insertInvoice, listUnsentInvoices, markInvoiceSent } from './invoices.repository.ts';

describe('invoices', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb?.close());

  it('numbers each invoice, gives it a valid OCR reference and a due date 10 days on', async () => {
    const { accountId } = await seedUser(testDb.db);
    const issuedAt = new Date('2026-11-27T10:00:00Z');
    const write = () =>
      testDb.db.transaction((tx) =>
        insertInvoice(tx, {
          id: newId('inv'),
          accountId,
          description: 'Price plan MEDIUM, 1 year',
          subtotalMinor: 6_990_00,
          vatPercent: 25,
          vatMinor: 1_747_50,
          totalMinor: 8_737_50,
          currency: 'SEK',
          buyerName: 'Test AB',
          invoiceEmail: 'faktura@test.example',
          issuedAt,
        }),
      );
    const first = await write();
    const second = await write();
    expect(second.number).toBeGreaterThan(first.number);
    for (const invoice of [first, second]) {
      expect(isValidOcrReference(invoice.ocrReference)).toBe(true);
      expect(invoice.ocrReference.startsWith(String(invoice.number))).toBe(true);
      expect(invoice.dueAt.toISOString()).toBe('2026-12-07T10:00:00.000Z');
    }
    const unsent = await listUnsentInvoices(testDb.db, 100);
    expect(unsent.map((invoice) => invoice.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    await markInvoiceSent(testDb.db, first.id, new Date());
    expect((await findInvoice(testDb.db, first.id))?.sentAt).toBeInstanceOf(Date);
  });
});
