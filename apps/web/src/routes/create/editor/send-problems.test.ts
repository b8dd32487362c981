import { describe, expect, it } from 'vitest';
import { draft, file } from '../../../../test/editor-fixtures.ts';
import { type DraftParty, initialEditorState } from './editor-state.ts';
import { currentSendProblems, refusalOf } from './send-problems.ts';

const bo: DraftParty = {
  SignatureIndex: 0,
  Name: 'Bo',
  Phone: '0701234567',
  InvitationMethod: 'sms',
  SignatureType: 'e-signature',
  GetPaid: false,
};
const signature = {
  id: 'f1',
  type: 'signature' as const,
  signatureIndex: 0,
  page: 1,
  x: 10,
  y: 10,
  width: 180,
  height: 50,
  required: true,
};
const stateWith = (party: DraftParty) =>
  initialEditorState({ ...draft, Parties: [party] }, { ...file, Rules: { fields: [signature], access: {} } });

describe('the send problems the editor shows', () => {
  it('are none before sending was refused', () => {
    expect(currentSendProblems(stateWith({ ...bo, Phone: 'x' }), null)).toEqual([]);
  });

  it('keep an add-on the refusal found missing until the party no longer needs it', () => {
    const missing = [{ code: 'add-on-required' as const, path: 'Parties[0].InvitationMethod', signatureIndex: 0 }];
    const refusal = refusalOf(missing, [bo]);
    expect(refusal.missingAddOns).toEqual(['sms-invitation']);
    expect(currentSendProblems(stateWith(bo), refusal)).toEqual(missing);
    const byEmail = { ...bo, InvitationMethod: 'email' as const, Email: 'bo@example.com' };
    expect(currentSendProblems(stateWith(byEmail), refusal)).toEqual([]);
  });

  it("keep what the refusal said about the draft's other files", () => {
    const other = { code: 'field-without-party' as const, path: 'Files[1].Fields[0]', signatureIndex: 3 };
    expect(currentSendProblems(stateWith(bo), refusalOf([other], [bo]))).toEqual([other]);
  });
});
