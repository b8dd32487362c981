import type { CheckOutcome, DocumentReading } from '@signlink/providers/id-verification/id-verification.port';
import { describe, expect, it } from 'vitest';
import { judgeIdCheck } from './judge-id-check.ts';

const td3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
const now = new Date('2011-06-01T00:00:00Z');

function check(
  document: Partial<DocumentReading> = {},
  face?: Partial<NonNullable<Extract<CheckOutcome, { status: 'complete' }>['face']>>,
): Extract<CheckOutcome, { status: 'complete' }> {
  return {
    status: 'complete',
    checkId: 'chk_1',
    document: {
      result: 'clear',
      readable: true,
      documentType: 'passport',
      issuingCountry: 'UTO',
      documentNumber: 'L898902C3',
      expiryDate: '2012-04-15',
      firstName: 'Anna Maria',
      lastName: 'Eriksson',
      mrzLines: td3,
      ...document,
    },
    ...(face ? { face: { result: 'clear', faceMatch: 'clear', liveness: 'clear', ...face } } : {}),
  };
}

const judge = (outcome: ReturnType<typeof check>, needsFace = true, partyName = 'Anna Eriksson') =>
  judgeIdCheck({ check: outcome, declaredType: 'passport', needsFace, partyName, now });

describe("our verdict on the vendor's check", () => {
  it('passes a clear passport and live check, with the evidence the slot keeps', () => {
    expect(judge(check({}, {}))).toEqual({
      passed: true,
      evidence: {
        documentType: 'passport',
        issuingCountry: 'UTO',
        numberLast4: '02C3',
        expiryDate: '2012-04-15',
        nameRead: 'Anna Maria Eriksson',
        nameMatches: true,
        livenessPassed: true,
        faceMatchPassed: true,
      },
    });
  });

  it('passes type 5 without a face report and notes a name that is not the party’s', () => {
    const verdict = judge(check(), false, 'Bo Berg');
    expect(verdict).toMatchObject({
      passed: true,
      evidence: { nameMatches: false, livenessPassed: null, faceMatchPassed: null },
    });
  });

  it.each([
    ['an unreadable image', check({ readable: false }, {}), 'SCAN_UNREADABLE'],
    ['a driving licence', check({ documentType: 'driving-licence', mrzLines: [] }, {}), 'SCAN_WRONG_TYPE'],
    [
      'a zone with a broken check digit',
      check({ mrzLines: [td3[0] ?? '', 'L898902C37UTO7408122F1204159ZE184226B<<<<<10'] }, {}),
      'SCAN_UNREADABLE',
    ],
    ['a vendor that read another number', check({ documentNumber: 'X898902C3' }, {}), 'SCAN_FAILED'],
    ["a vendor's doubt about the document", check({ result: 'consider' }, {}), 'SCAN_FAILED'],
    ['a face that does not match', check({}, { faceMatch: 'consider', result: 'consider' }), 'SCAN_MATCH_FAILED'],
    ['a failed liveness', check({}, { liveness: 'consider', result: 'consider' }), 'SCAN_LIVENESS_FAILED'],
    ['a live check without a face report', check(), 'SCAN_FAILED'],
  ])('fails %s', (_case, outcome, code) => {
    expect(judge(outcome)).toMatchObject({ passed: false, code });
  });

  it('fails an expired document', () => {
    const verdict = judgeIdCheck({
      check: check({}, {}),
      declaredType: 'passport',
      needsFace: true,
      partyName: 'Anna Eriksson',
      now: new Date('2013-01-01T00:00:00Z'),
    });
    expect(verdict).toMatchObject({ passed: false, code: 'SCAN_EXPIRED' });
  });

  it('fails a passport read where the recipient said a national ID card', () => {
    const verdict = judgeIdCheck({
      check: check({}, {}),
      declaredType: 'national-id',
      needsFace: true,
      partyName: 'Anna Eriksson',
      now,
    });
    expect(verdict).toMatchObject({ passed: false, code: 'SCAN_FAILED', reason: 'declared-type' });
  });
});
