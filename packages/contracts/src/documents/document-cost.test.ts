import { describe, expect, it } from 'vitest';
import { signatureFees, textMessageFees } from '../billing/price-list.ts';
import { priceDocument } from './document-cost.ts';
import { findSendProblems } from './send-problems.ts';

describe('priceDocument (issue 6, part 4)', () => {
  it('charges one signature fee per party by type and one text fee per text channel; e-mail is free', () => {
    const cost = priceDocument(
      [
        { signatureType: 'bankid', invitationMethod: 'email' },
        { signatureType: 'e-signature', invitationMethod: 'email-and-sms' },
        { signatureType: 'bankid', invitationMethod: 'whatsapp' },
      ],
      'SEK',
    );
    expect(cost.lines).toEqual([
      { kind: 'signature-bankid', quantity: 2, unitMinor: 15_00, amountMinor: 30_00 },
      { kind: 'signature-e-signature', quantity: 1, unitMinor: 5_00, amountMinor: 5_00 },
      { kind: 'sms-message', quantity: 1, unitMinor: 95, amountMinor: 95 },
      { kind: 'whatsapp-message', quantity: 1, unitMinor: 65, amountMinor: 65 },
    ]);
    expect(cost.partyMinor).toEqual([15_00, 5_95, 15_65]);
    expect(cost.totalMinor).toBe(36_60);
  });

  it('prices in the account’s currency', () => {
    const cost = priceDocument([{ signatureType: 'live-id', invitationMethod: 'sms' }], 'EUR');
    expect(cost.totalMinor).toBe(signatureFees['live-id'].EUR + textMessageFees.sms.EUR);
    expect(cost.currency).toBe('EUR');
  });

  it('costs nothing without parties', () => {
    expect(priceDocument([], 'SEK')).toEqual({
      currency: 'SEK',
      lines: [],
      totalMinor: 0,
      partyMinor: [],
      partyFromPlan: [],
      planSignatures: 0,
    });
  });

  it("draws plan signatures first, so the balance pays only the rest and each party's texts", () => {
    const cost = priceDocument(
      [
        { signatureType: 'bankid', invitationMethod: 'email-and-sms' },
        { signatureType: 'e-signature', invitationMethod: 'email' },
        { signatureType: 'bankid', invitationMethod: 'email' },
      ],
      'SEK',
      2,
    );
    expect(cost.lines).toEqual([
      { kind: 'signature-bankid', quantity: 1, unitMinor: 15_00, amountMinor: 15_00 },
      { kind: 'sms-message', quantity: 1, unitMinor: 95, amountMinor: 95 },
      { kind: 'plan-signature', quantity: 2, unitMinor: 0, amountMinor: 0 },
    ]);
    expect(cost.partyMinor).toEqual([95, 0, 15_00]);
    expect(cost.partyFromPlan).toEqual([true, true, false]);
    expect(cost.planSignatures).toBe(2);
    expect(cost.totalMinor).toBe(15_95);
  });
});

const signature = (signatureIndex: number, id = `f${signatureIndex}`) => ({
  id,
  type: 'signature' as const,
  signatureIndex,
  page: 1,
  x: 10,
  y: 10,
  width: 100,
  height: 40,
  required: true,
});

describe('findSendProblems (SPEC section 5)', () => {
  const party = {
    signatureIndex: 0,
    email: 'anna@example.com',
    phone: null,
    invitationMethod: 'email' as const,
    signatureType: 'e-signature' as const,
  };
  const file = { rules: { fields: [signature(0)], access: {} }, formFields: [] };

  it('finds nothing wrong in a complete draft', () => {
    expect(findSendProblems({ title: 'Lease', files: [file], parties: [party], activeAddOns: [] })).toEqual([]);
  });

  it('accepts every signature type, the ID-scanned ones included', () => {
    const parties = (['bankid', 'e-signature', 'id-e-signature', 'live-id'] as const).map((signatureType, index) => ({
      ...party,
      signatureIndex: index,
      signatureType,
    }));
    const fields = parties.map((each) => signature(each.signatureIndex));
    const problems = findSendProblems({
      title: 'Lease',
      files: [{ rules: { fields, access: {} }, formFields: [] }],
      parties,
      activeAddOns: [],
    });
    expect(problems).toEqual([]);
  });

  it('lists every problem at once', () => {
    const problems = findSendProblems({
      title: '  ',
      files: [{ rules: { fields: [signature(0), signature(3, 'orphan')], access: {} }, formFields: [] }],
      parties: [
        { ...party, email: 'not-an-address' },
        { ...party, signatureIndex: 1, email: null, phone: '0701234567', invitationMethod: 'sms' },
        { ...party, signatureIndex: 2, email: null, phone: '+46 0701234567', invitationMethod: 'email-and-sms' },
      ],
      activeAddOns: ['sms-invitation'],
    });
    expect(problems).toEqual([
      { code: 'name-required', path: 'Name' },
      { code: 'invalid-email', path: 'Parties[0].Email', signatureIndex: 0 },
      { code: 'party-without-signature-field', path: 'Parties[1]', signatureIndex: 1 },
      { code: 'party-without-contact', path: 'Parties[2].Email', signatureIndex: 2 },
      { code: 'invalid-phone', path: 'Parties[2].Phone', signatureIndex: 2 },
      { code: 'party-without-signature-field', path: 'Parties[2]', signatureIndex: 2 },
      { code: 'field-without-party', path: 'Files[0].Fields[1]', signatureIndex: 3 },
    ]);
  });

  it('needs a file, a signature field, and the add-on of a text channel', () => {
    expect(findSendProblems({ title: 'Lease', files: [], parties: [], activeAddOns: [] })).toEqual([
      { code: 'no-file', path: 'Files' },
    ]);
    const noSignature = findSendProblems({
      title: 'Lease',
      files: [{ rules: { fields: [], access: {} }, formFields: [] }],
      parties: [{ ...party, phone: '0701234567', invitationMethod: 'whatsapp' }],
      activeAddOns: ['sms-invitation'],
    });
    expect(noSignature.map((problem) => problem.code)).toEqual([
      'no-signature-field',
      'add-on-required',
      'party-without-signature-field',
    ]);
  });

  it('counts the PDF’s own fields named in our encoding as placed', () => {
    const ownFields = {
      rules: { fields: [], access: {} },
      formFields: [
        { name: 'Signature[0]', kind: 'signature' as const, page: 1, x: 0, y: 0, width: 9, height: 9, required: true },
      ],
    };
    expect(findSendProblems({ title: 'Lease', files: [ownFields], parties: [party], activeAddOns: [] })).toEqual([]);
  });
});
