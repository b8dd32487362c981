import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signatureField } from '../../../test/seed-draft.ts';
import { usableLink } from '../links/usable-link.ts';
import { sendKit } from './send-test-helpers.ts';

/** Issue 6, parts 4 and 5: a saved draft priced, then sent (SPEC section 5's checks, the reservation, the links). */
let testApp: TestApp;
let kit: ReturnType<typeof sendKit>;

beforeAll(async () => {
  testApp = await buildTestApp();
  kit = sendKit(testApp);
});
afterAll(() => testApp?.close());

const mixedParties = [
  { name: 'Anna', signatureType: 'bankid' as const },
  { name: 'Bo', invitationMethod: 'email-and-sms' as const, phone: '070-123 45 67', message: 'Page 2 too' },
];

describe('POST linktinker/links/cost (issue 6, part 4)', () => {
  it('prices the draft per party and text channel, with the balance and whether it covers it', async () => {
    const sender = await kit.signInSender({ balanceMinor: 20_00, addOns: ['sms-invitation'] });
    const draft = await kit.draft(sender, { parties: mixedParties });
    const response = await kit.call(sender.token, 'POST', 'links/cost', { ProjectId: draft.documentId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      Currency: 'SEK',
      Lines: [
        { Kind: 'signature-bankid', Quantity: 1, UnitMinor: 15_00, AmountMinor: 15_00 },
        { Kind: 'signature-e-signature', Quantity: 1, UnitMinor: 5_00, AmountMinor: 5_00 },
        { Kind: 'sms-message', Quantity: 1, UnitMinor: 95, AmountMinor: 95 },
      ],
      TotalMinor: 20_95,
      BalanceMinor: 20_00,
      IsCovered: false,
      Problems: [],
    });
  });

  it('lists what sending would refuse and prices only the parties sending can reach', async () => {
    const sender = await kit.signInSender({ balanceMinor: 20_00 });
    const draft = await kit.draft(sender, {
      parties: [
        { name: 'Anna', signatureType: 'bankid' },
        { name: 'Bo', email: 'bo@invalid' },
        { name: 'Cai', email: null, phone: '12', invitationMethod: 'sms' },
      ],
      fields: [signatureField(0), signatureField(1), signatureField(2)],
    });
    const response = await kit.call(sender.token, 'POST', 'links/cost', { ProjectId: draft.documentId });
    expect(response.statusCode, response.body).toBe(200);
    const problems = [
      { code: 'invalid-email', path: 'Parties[1].Email', signatureIndex: 1 },
      { code: 'invalid-phone', path: 'Parties[2].Phone', signatureIndex: 2 },
      { code: 'add-on-required', path: 'Parties[2].InvitationMethod', signatureIndex: 2 },
    ];
    expect(response.json()).toMatchObject({
      Lines: [{ Kind: 'signature-bankid', Quantity: 1, UnitMinor: 15_00, AmountMinor: 15_00 }],
      TotalMinor: 15_00,
      IsCovered: true,
      Problems: problems,
    });
    // Sending refuses the same draft for the same reasons, with the catalogue's DOCUMENT_INVALID.
    const sent = await kit.call(sender.token, 'POST', 'links', { ProjectId: draft.documentId });
    expect(sent.statusCode).toBe(422);
    expect(sent.json()).toMatchObject({ code: 'DOCUMENT_INVALID', details: { problems } });
    await expectNothingSent(draft.documentId, sender.accountId, 20_00);
  });

  it('finds a draft without parties unsendable, though it costs nothing', async () => {
    const sender = await kit.signInSender();
    const draft = await kit.draft(sender, { parties: [] });
    const cost = await kit.call(sender.token, 'POST', 'links/cost', { ProjectId: draft.documentId });
    expect(cost.json()).toMatchObject({ TotalMinor: 0, IsCovered: true });
    const sent = await kit.call(sender.token, 'POST', 'links', { ProjectId: draft.documentId });
    expect(sent.statusCode).toBe(422);
    expect(cost.json().Problems).toEqual(sent.json().details.problems);
    expect(cost.json().Problems.length).toBeGreaterThan(0);
  });
});

describe('POST linktinker/links (issue 6, part 5)', () => {
  it('reserves the cost, makes one unguessable link per party, activates the document and queues the invitations', async () => {
    const sender = await kit.signInSender({ balanceMinor: 100_00, addOns: ['sms-invitation'] });
    const draft = await kit.draft(sender, {
      parties: mixedParties,
      settings: { requireVerification: true },
      language: 'sv',
      message: 'Please sign',
    });
    const response = await kit.call(sender.token, 'POST', 'links', { ProjectId: draft.documentId });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ DocumentId: draft.documentId, ReservedMinor: 20_95, Currency: 'SEK' });
    expect(body.Links).toHaveLength(2);
    for (const link of body.Links) {
      expect(link.Code).toMatch(/^[A-Z2-9]{20}$/);
      expect(link.Url).toBe(`http://localhost:${testApp.context.config.port}/${link.Code}`);
    }

    expect(await kit.balanceOf(sender.accountId)).toBe(100_00 - 20_95);
    const ledger = await kit.ledgerOf(sender.accountId);
    expect(ledger).toMatchObject([{ kind: 'document-reservation', amountMinor: -20_95, documentId: draft.documentId }]);
    const parties = await kit.partiesOf(draft.documentId);
    expect(parties.map((party) => party.reservedMinor)).toEqual([15_00, 5_95]);

    const document = await kit.documentOf(draft.documentId);
    expect(document).toMatchObject({ state: 'active', currency: 'SEK' });
    expect(document?.sentAt).toBeInstanceOf(Date);
    expect(await kit.eventTypesOf(draft.documentId)).toEqual(['sent', 'sent']);

    const links = await kit.linksOf(draft.documentId);
    const gatesOf = (partyId: string) => links.find((link) => link.partyId === partyId);
    expect(gatesOf(draft.parties[0]?.id ?? '')).toMatchObject({
      requireBankId: true,
      requireSms: false,
      requireEmail: true,
    });
    expect(gatesOf(draft.parties[1]?.id ?? '')).toMatchObject({
      requireBankId: false,
      requireSms: true,
      requireEmail: true,
    });
    const [first] = body.Links;
    await expect(usableLink(kit.db, first.Code.toLowerCase())).resolves.toMatchObject({ link: { status: 'active' } });

    const messages = await kit.messagesOf(draft.documentId);
    // One transaction writes them all at one time, so their order is not theirs to keep.
    expect(messages.map((m) => [m.partyId, m.channel, m.kind, m.locale]).sort()).toEqual(
      [
        [draft.parties[0]?.id, 'email', 'document-invitation', 'sv'],
        [draft.parties[1]?.id, 'email', 'document-invitation', 'sv'],
        [draft.parties[1]?.id, 'sms', 'document-invitation', 'sv'],
      ].sort(),
    );
    const sms = messages.find((m) => m.channel === 'sms');
    expect(sms?.recipient).toBe('+46701234567');
    expect(sms?.data).toMatchObject({ documentName: 'Consulting agreement', message: 'Please sign\n\nPage 2 too' });
    expect(sms?.invitationId).toBe(gatesOf(draft.parties[1]?.id ?? '')?.id);
    expect(sms?.failureNotice).toMatchObject({ to: sender.email });
  });

  it('speaks English to the parties when the sender chose English', async () => {
    const sender = await kit.signInSender();
    const draft = await kit.draft(sender, { language: 'es', settings: { englishLanguage: true } });
    await kit.call(sender.token, 'POST', 'links', { ProjectId: draft.documentId });
    expect((await kit.messagesOf(draft.documentId)).map((m) => m.locale)).toEqual(['en-us']);
  });

  it('lists every problem of SPEC section 5 in one DOCUMENT_INVALID and writes nothing', async () => {
    const sender = await kit.signInSender();
    const draft = await kit.draft(sender, {
      title: ' ',
      parties: [
        { email: 'anna@invalid' },
        { email: null, phone: '12', invitationMethod: 'whatsapp' },
        { email: null, invitationMethod: 'email' },
      ],
      fields: [signatureField(0), signatureField(1), signatureField(7, 'stray')],
    });
    const response = await kit.call(sender.token, 'POST', 'links', { ProjectId: draft.documentId });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'DOCUMENT_INVALID' });
    const quote = await kit.call(sender.token, 'POST', 'links/cost', { ProjectId: draft.documentId });
    expect(quote.json().Problems).toEqual(response.json().details.problems);
    expect(response.json().details.problems).toEqual([
      { code: 'name-required', path: 'Name' },
      { code: 'invalid-email', path: 'Parties[0].Email', signatureIndex: 0 },
      { code: 'invalid-phone', path: 'Parties[1].Phone', signatureIndex: 1 },
      { code: 'add-on-required', path: 'Parties[1].InvitationMethod', signatureIndex: 1 },
      { code: 'party-without-contact', path: 'Parties[2].Email', signatureIndex: 2 },
      { code: 'party-without-signature-field', path: 'Parties[2]', signatureIndex: 2 },
      { code: 'field-without-party', path: 'Files[0].Fields[2]', signatureIndex: 7 },
    ]);
    await expectNothingSent(draft.documentId, sender.accountId, 500_00);
  });

  it('prices and sends ID-plus-e-signature and live-ID parties at their price-list fees', async () => {
    const sender = await kit.signInSender({ balanceMinor: 100_00 });
    const draft = await kit.draft(sender, {
      parties: [
        { name: 'Anna', signatureType: 'id-e-signature' },
        { name: 'Bo', signatureType: 'live-id' },
      ],
      fields: [signatureField(0), signatureField(1)],
    });
    const quote = await kit.call(sender.token, 'POST', 'links/cost', { ProjectId: draft.documentId });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({
      Lines: [
        { Kind: 'signature-id-e-signature', Quantity: 1, UnitMinor: 25_00, AmountMinor: 25_00 },
        { Kind: 'signature-live-id', Quantity: 1, UnitMinor: 35_00, AmountMinor: 35_00 },
      ],
      TotalMinor: 60_00,
      IsCovered: true,
      Problems: [],
    });
    const response = await kit.call(sender.token, 'POST', 'links', { ProjectId: draft.documentId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ ReservedMinor: 60_00, Currency: 'SEK' });
    expect(await kit.balanceOf(sender.accountId)).toBe(100_00 - 60_00);
    expect((await kit.partiesOf(draft.documentId)).map((party) => party.reservedMinor)).toEqual([25_00, 35_00]);
    expect(await kit.documentOf(draft.documentId)).toMatchObject({ state: 'active' });
  });

  it('refuses a draft without a file or without a signature field', async () => {
    const sender = await kit.signInSender();
    const noFile = await kit.draft(sender, { withFile: false });
    const noField = await kit.draft(sender, { fields: [] });
    const problemsOf = async (documentId: string) =>
      (await kit.call(sender.token, 'POST', 'links', { ProjectId: documentId })).json().details.problems;
    expect(await problemsOf(noFile.documentId)).toEqual([
      { code: 'no-file', path: 'Files' },
      { code: 'party-without-signature-field', path: 'Parties[0]', signatureIndex: 0 },
    ]);
    expect((await problemsOf(noField.documentId))[0]).toEqual({ code: 'no-signature-field', path: 'Files' });
  });

  it('refuses with INSUFFICIENT_BALANCE when the balance does not cover the cost, and writes nothing', async () => {
    const sender = await kit.signInSender({ balanceMinor: 4_99 });
    const draft = await kit.draft(sender);
    const response = await kit.call(sender.token, 'POST', 'links', { ProjectId: draft.documentId });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      details: { costMinor: 5_00, balanceMinor: 4_99, currency: 'SEK' },
    });
    await expectNothingSent(draft.documentId, sender.accountId, 4_99);
  });

  it('sends a document once: a second send of it is refused and changes nothing', async () => {
    const sender = await kit.signInSender();
    const sent = await kit.sentDocument(sender);
    const again = await kit.call(sender.token, 'POST', 'links', { ProjectId: sent.documentId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DOCUMENT_SAVE_FAILED', details: { reason: 'not-a-draft' } });
    expect(await kit.linksOf(sent.documentId)).toHaveLength(1);
    expect(await kit.balanceOf(sender.accountId)).toBe(500_00 - 5_00);
    const cost = await kit.call(sender.token, 'POST', 'links/cost', { ProjectId: sent.documentId });
    expect(cost.statusCode).toBe(409);
  });
});

async function expectNothingSent(documentId: string, accountId: string, balanceMinor: number) {
  expect(await kit.documentOf(documentId)).toMatchObject({ state: 'draft', sentAt: null });
  expect(await kit.linksOf(documentId)).toEqual([]);
  expect(await kit.messagesOf(documentId)).toEqual([]);
  expect(await kit.eventTypesOf(documentId)).toEqual([]);
  expect(await kit.ledgerOf(accountId)).toEqual([]);
  expect(await kit.balanceOf(accountId)).toBe(balanceMinor);
  expect((await kit.partiesOf(documentId)).every((party) => party.reservedMinor === 0)).toBe(true);
}
