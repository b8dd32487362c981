import type { LinkSignatureSlot } from '@signlink/contracts/links/link-access';
import { describe, expect, it } from 'vitest';
import {
  type DocumentField,
  guideTargets,
  isEditableField,
  missingRequiredFields,
  slotFormValues,
} from './next-field.ts';

function slot(index: number, overrides: Partial<LinkSignatureSlot> = {}): LinkSignatureSlot {
  return {
    index,
    type: 4,
    label: `Sign ${index}`,
    hasDefaultLabel: false,
    access: true,
    fields: [],
    signed: false,
    signedAt: null,
    nameClarificationIsConfirmed: false,
    clarifiedName: null,
    paid: false,
    requiresPayment: false,
    paymentLinkId: null,
    getPaidLabel: null,
    requireEmailVerification: false,
    filledValues: {},
    ...overrides,
  };
}

let counter = 0;
function field(overrides: Partial<DocumentField>): DocumentField {
  counter += 1;
  return {
    id: `f${counter}`,
    name: `Field[${overrides.signatureIndex ?? 1}].${counter}`,
    type: 'text',
    signatureIndex: 1,
    page: 1,
    x: 50,
    y: 100,
    width: 100,
    height: 20,
    required: true,
    fileIndex: 0,
    ...overrides,
  };
}

const ids = (targets: ReturnType<typeof guideTargets>) =>
  targets.map((target) => (target.kind === 'fill' ? target.field.id : `sign:${target.signatureIndex}`));

describe('the guided flow’s order', () => {
  it('visits required empty fields in reading order (file, page, top to bottom, left to right), then signatures', () => {
    const signature = field({ id: 'sig', type: 'signature', page: 1, y: 700 });
    const lowLeft = field({ id: 'low', page: 1, y: 400, x: 10 });
    const topRight = field({ id: 'topRight', page: 1, y: 100, x: 300 });
    const topLeft = field({ id: 'topLeft', page: 1, y: 102, x: 20 });
    const pageTwo = field({ id: 'p2', page: 2, y: 10 });
    const secondFile = field({ id: 'file2', fileIndex: 1, page: 1, y: 0 });
    const targets = guideTargets([secondFile, signature, pageTwo, lowLeft, topRight, topLeft], [slot(1)], {});
    expect(ids(targets)).toEqual(['topLeft', 'topRight', 'low', 'p2', 'file2', 'sign:1']);
    expect(targets.at(-1)).toMatchObject({ kind: 'sign', field: { id: 'sig' } });
  });

  it('skips filled fields, optional fields, ticked checkboxes and fields of slots that are not this person’s', () => {
    const filled = field({ id: 'filled' });
    const optional = field({ id: 'optional', required: false });
    const ticked = field({ id: 'ticked', type: 'checkbox' });
    const unticked = field({ id: 'unticked', type: 'checkbox', y: 300 });
    const blank = field({ id: 'blank', y: 500 });
    const theirs = field({ id: 'theirs', signatureIndex: 2 });
    const values = { [filled.name as string]: 'Anna', [ticked.name as string]: true, [blank.name as string]: '   ' };
    const targets = guideTargets(
      [filled, optional, ticked, unticked, blank, theirs],
      [slot(1), slot(2, { access: false })],
      values,
    );
    expect(ids(targets)).toEqual(['unticked', 'blank', 'sign:1']);
  });

  it('leaves out signed slots, their fields included, and puts a slot with no field last', () => {
    const signedField = field({ id: 'signedField', signatureIndex: 1 });
    const slotTwoSignature = field({ id: 'sig2', type: 'signature', signatureIndex: 2, page: 3 });
    const targets = guideTargets([signedField, slotTwoSignature], [slot(3), slot(1, { signed: true }), slot(2)], {});
    expect(ids(targets)).toEqual(['sign:2', 'sign:3']);
    expect(targets[1]).toMatchObject({ kind: 'sign', field: null });
  });

  it('has nothing left when every slot of this person is signed', () => {
    expect(guideTargets([field({})], [slot(1, { signed: true }), slot(2, { access: false })], {})).toEqual([]);
  });
});

describe('a slot’s fields', () => {
  it('are editable only while the slot is this person’s and unsigned, and only text, date and checkbox', () => {
    const slots = [slot(1), slot(2, { access: false }), slot(3, { signed: true })];
    expect(isEditableField(field({ signatureIndex: 1, type: 'date' }), slots)).toBe(true);
    expect(isEditableField(field({ signatureIndex: 1, type: 'signature' }), slots)).toBe(false);
    expect(isEditableField(field({ signatureIndex: 1, type: 'name-clarification' }), slots)).toBe(false);
    expect(isEditableField(field({ signatureIndex: 2 }), slots)).toBe(false);
    expect(isEditableField(field({ signatureIndex: 3 }), slots)).toBe(false);
  });

  it('must be filled before signing, and go to the server as the slot’s FormValues', () => {
    const text = field({ name: 'Text[1].1' });
    const box = field({ name: 'Checkbox[1].1', type: 'checkbox', required: false });
    const date = field({ name: 'Date[1].1', type: 'date', required: false });
    const other = field({ name: 'Text[2].1', signatureIndex: 2 });
    const all = [text, box, date, other];
    expect(missingRequiredFields(all, 1, {}).map((f) => f.name)).toEqual(['Text[1].1']);
    expect(missingRequiredFields(all, 1, { 'Text[1].1': 'x' })).toEqual([]);
    expect(slotFormValues(all, 1, { 'Text[1].1': 'Anna', 'Text[2].1': 'not mine' })).toEqual({
      'Text[1].1': 'Anna',
      'Checkbox[1].1': false,
      'Date[1].1': '',
    });
  });
});
