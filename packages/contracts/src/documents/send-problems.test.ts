import { describe, expect, it } from 'vitest';
import { priceDocument } from './document-cost.ts';
import { findContactProblems, findSendProblems, isReachable } from './send-problems.ts';

const byEmail = { email: 'anna@example.com', phone: null, invitationMethod: 'email' as const };

describe('findContactProblems (SPEC section 5: incorrect e-mails or phones block sending)', () => {
  it('needs the address or number of each channel the party is invited on', () => {
    expect(findContactProblems(byEmail)).toEqual([]);
    expect(findContactProblems({ ...byEmail, email: '  ' })).toEqual([
      { code: 'party-without-contact', field: 'Email' },
    ]);
    expect(findContactProblems({ email: null, phone: null, invitationMethod: 'email-and-sms' })).toEqual([
      { code: 'party-without-contact', field: 'Email' },
      { code: 'party-without-contact', field: 'Phone' },
    ]);
    // A number beside an e-mail invitation is not checked: nothing is sent to it.
    expect(findContactProblems({ ...byEmail, phone: 'not a number' })).toEqual([]);
  });

  it('refuses an address or number that is there but not valid', () => {
    expect(findContactProblems({ ...byEmail, email: 'anna@invalid' })).toEqual([
      { code: 'invalid-email', field: 'Email' },
    ]);
    expect(findContactProblems({ email: null, phone: '12', invitationMethod: 'whatsapp' })).toEqual([
      { code: 'invalid-phone', field: 'Phone' },
    ]);
    expect(findContactProblems({ email: null, phone: '070-123 45 67', invitationMethod: 'sms' })).toEqual([]);
  });

  it('is what sending refuses, at the same party and field', () => {
    const parties = [
      { ...byEmail, email: 'anna@invalid' },
      { email: 'bo@example.com', phone: '12', invitationMethod: 'email-and-sms' as const },
      { email: null, phone: null, invitationMethod: 'sms' as const },
    ].map((party, index) => ({ ...party, signatureIndex: index, signatureType: 'e-signature' as const }));
    const sendProblems = findSendProblems({ title: 'Lease', files: [], parties, activeAddOns: ['sms-invitation'] });
    const contactCodes = new Set(['party-without-contact', 'invalid-email', 'invalid-phone']);
    expect(sendProblems.filter((problem) => contactCodes.has(problem.code))).toEqual(
      parties.flatMap((party, index) =>
        findContactProblems(party).map(({ code, field }) => ({
          code,
          path: `Parties[${index}].${field}`,
          signatureIndex: index,
        })),
      ),
    );
  });
});

describe('isReachable: what a quote prices', () => {
  it('leaves a party sending cannot reach out of the price', () => {
    const parties = [
      { ...byEmail, signatureType: 'bankid' as const },
      { ...byEmail, email: 'anna@invalid', signatureType: 'bankid' as const },
      { email: null, phone: '', invitationMethod: 'sms' as const, signatureType: 'e-signature' as const },
    ];
    expect(parties.map(isReachable)).toEqual([true, false, false]);
    expect(priceDocument(parties.filter(isReachable), 'SEK').totalMinor).toBe(15_00);
  });
});

describe('findSendProblems: Sign & Pay (SPEC section 3, requiresPayment and paymentLinkId)', () => {
  it('needs the product of every party asked to pay, and of no one else', () => {
    const party = { ...byEmail, signatureType: 'e-signature' as const };
    const parties = [
      { ...party, signatureIndex: 0, getPaid: true, paymentProductId: null },
      { ...party, signatureIndex: 1, getPaid: true, paymentProductId: 'pp_1' },
      { ...party, signatureIndex: 2, getPaid: false, paymentProductId: null },
      { ...party, signatureIndex: 3 },
    ];
    const problems = findSendProblems({ title: 'Lease', files: [], parties, activeAddOns: [] });
    expect(problems.filter((problem) => problem.code === 'payment-product-required')).toEqual([
      { code: 'payment-product-required', path: 'Parties[0].PaymentProductId', signatureIndex: 0 },
    ]);
  });
});
