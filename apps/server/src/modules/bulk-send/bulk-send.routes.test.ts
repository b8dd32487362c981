import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { sendKit } from '../documents/send-test-helpers.ts';
import { documentsOfBulkSend, runBulkSendJobs, seedTemplate } from './bulk-send-test-helpers.ts';

/** Issue 24, part 7: a template sent to many from a CSV, previewed before anything is charged, sent as jobs. */
let testApp: TestApp;
let kit: ReturnType<typeof sendKit>;

beforeAll(async () => {
  testApp = await buildTestApp();
  kit = sendKit(testApp);
});
afterAll(() => testApp?.close());

const header = 'Title,Customer name,Customer email,Customer phone,Witness name,Witness email';

/** `count` good rows, each with its own people; `bad` replaces a row (1-based) with the line given. */
function csvOf(count: number, bad: Record<number, string> = {}) {
  const rows = Array.from(
    { length: count },
    (_, index) =>
      bad[index + 1] ??
      `Lease ${index + 1},"Kund ${index + 1}, AB",kund${index + 1}@example.com,,Vittne ${index + 1},vittne${index + 1}@example.com`,
  );
  return `\uFEFF${header}\r\n${rows.join('\r\n')}\r\n`;
}

const preview = (token: string, templateId: string, csv: string) =>
  kit.call(token, 'POST', `templates/${templateId}/bulksends`, { Csv: csv });

describe('bulk send (issue 24, part 7)', () => {
  it('previews 200 rows with three bad ones, charges nothing, then sends the 197 as jobs', {
    timeout: 300_000,
  }, async () => {
    const sender = await kit.signInSender({ balanceMinor: 2_000_00 });
    const { templateId } = await seedTemplate(testApp, sender);
    const csv = csvOf(200, {
      37: 'Lease 37,Anna,anna@@example,,Vittne,vittne37@example.com',
      80: 'Lease 80,Bo,bo@example.com,,,',
      150: 'Lease 150,Cai,cai@example.com,12,Vittne,vittne150@example.com',
    });
    const previewed = await preview(sender.token, templateId, csv);
    expect(previewed.statusCode, previewed.body).toBe(201);
    const body = previewed.json();
    expect(body.Rows).toEqual([
      { Row: 37, Problems: [{ Code: 'INVALID_EMAIL', Column: 'Customer email' }] },
      { Row: 80, Problems: [{ Code: 'TEMPLATE_ROLE_EMPTY', Column: 'Witness name' }] },
      { Row: 150, Problems: [{ Code: 'INVALID_PHONE', Column: 'Customer phone' }] },
    ]);
    expect(body).toMatchObject({ Valid: 197, Invalid: 3 });
    // Two e-signatures a document at SEK 5 each, from the price list.
    expect(body.Cost).toEqual({
      Currency: 'SEK',
      Lines: [{ Kind: 'signature-e-signature', Quantity: 394, UnitMinor: 5_00, AmountMinor: 1_970_00 }],
      TotalMinor: 1_970_00,
      BalanceMinor: 2_000_00,
      IsCovered: true,
    });
    expect(await kit.balanceOf(sender.accountId)).toBe(2_000_00);
    expect(await kit.ledgerOf(sender.accountId)).toEqual([]);
    expect(await documentsOfBulkSend(testApp, body.Id)).toEqual([]);

    const confirmed = await kit.call(sender.token, 'POST', `bulksends/${body.Id}/send`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ Status: 'sending', Total: 200, Invalid: 3, Sent: 0, Pending: 197 });
    // Confirming again queues nothing more.
    expect((await kit.call(sender.token, 'POST', `bulksends/${body.Id}/send`)).statusCode).toBe(200);

    expect(await runBulkSendJobs(testApp)).toBe(197);
    const progress = await kit.call(sender.token, 'GET', `bulksends/${body.Id}`);
    expect(progress.json()).toMatchObject({ Status: 'done', Sent: 197, Failed: 0, Pending: 0, Failures: [] });
    expect(progress.json().Finished).toEqual(expect.any(String));
    const made = await documentsOfBulkSend(testApp, body.Id);
    expect(made).toHaveLength(197);
    expect(made.every((document) => document.state === 'active' && document.templateId === templateId)).toBe(true);
    expect(made.map((document) => document.title)).toContain('Lease 1');
    expect(made.map((document) => document.title)).not.toContain('Lease 37');
    // Charged once per document, as each was sent.
    const ledger = await kit.ledgerOf(sender.accountId);
    expect(new Set(ledger.map((line) => line.documentId)).size).toBe(197);
    expect(ledger).toHaveLength(197);
    expect(await kit.balanceOf(sender.accountId)).toBe(30_00);
    // A run of the same jobs again sends nothing twice.
    await testApp.database.executeSql(`UPDATE pgboss.job SET state = 'created' WHERE name = 'bulk-send.send-row'`);
    await runBulkSendJobs(testApp);
    expect(await documentsOfBulkSend(testApp, body.Id)).toHaveLength(197);
    expect(await kit.balanceOf(sender.accountId)).toBe(30_00);
  });

  it('refuses to confirm what the balance does not cover, and a CSV with nothing valid', async () => {
    const sender = await kit.signInSender({ balanceMinor: 15_00 });
    const { templateId } = await seedTemplate(testApp, sender);
    const twoRows = (await preview(sender.token, templateId, csvOf(2))).json();
    expect(twoRows.Cost).toMatchObject({ TotalMinor: 20_00, IsCovered: false });
    const refused = await kit.call(sender.token, 'POST', `bulksends/${twoRows.Id}/send`);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect((await kit.call(sender.token, 'GET', `bulksends/${twoRows.Id}`)).json()).toMatchObject({
      Status: 'previewed',
    });

    const allBad = (await preview(sender.token, templateId, csvOf(1, { 1: 'X,,,,,' }))).json();
    expect(allBad).toMatchObject({ Valid: 0, Invalid: 1 });
    const nothing = await kit.call(sender.token, 'POST', `bulksends/${allBad.Id}/send`);
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json()).toMatchObject({ code: 'BULK_SEND_NOTHING_TO_SEND' });
    expect(await kit.balanceOf(sender.accountId)).toBe(15_00);
  });

  it('refuses more than 1,000 rows, unknown or missing columns and broken quoting with BULK_SEND_CSV_INVALID', async () => {
    const sender = await kit.signInSender();
    const { templateId } = await seedTemplate(testApp, sender);
    const cases = [
      [csvOf(1001), 'too-many-rows'],
      [`${header},Shoe size\r\n`, 'no-rows'],
      [`${header},Shoe size\r\nA,B,b@example.com,,C,c@example.com,42`, 'unknown-column'],
      ['Customer name,Customer email\r\nA,a@example.com', 'missing-column'],
      [`${header}\r\n"Lease,B,b@example.com,,C,c@example.com`, 'unclosed-quote'],
    ] as const;
    for (const [csv, reason] of cases) {
      const response = await preview(sender.token, templateId, csv);
      expect(response.statusCode, reason).toBe(422);
      expect(response.json()).toMatchObject({ code: 'BULK_SEND_CSV_INVALID', details: { reason } });
    }
  });

  it("keeps another account's template and bulk send from the caller, and needs the templates plan", async () => {
    const owner = await kit.signInSender();
    const { templateId } = await seedTemplate(testApp, owner);
    const previewed = (await preview(owner.token, templateId, csvOf(1))).json();
    const stranger = await kit.signInSender();
    expect((await preview(stranger.token, templateId, csvOf(1))).statusCode).toBe(404);
    expect((await kit.call(stranger.token, 'GET', `bulksends/${previewed.Id}`)).statusCode).toBe(404);
    expect((await kit.call(stranger.token, 'POST', `bulksends/${previewed.Id}/send`)).statusCode).toBe(404);

    const withoutPlan = await kit.signInSender();
    const bare = await seedTemplate(testApp, withoutPlan, ['Customer'], { withTemplatesAddOn: false });
    const refused = await preview(
      withoutPlan.token,
      bare.templateId,
      'Customer name,Customer email\r\nA,a@example.com',
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'TEMPLATES_NEED_PLAN' });
  });
});
