import { describe, expect, it } from 'vitest';
import type { DocumentFile, Draft } from '../../../api/drafts-api.ts';
import { type EditorAction, type EditorState, editorReducer, initialEditorState } from './editor-state.ts';
import { freeSpotOn } from './field-geometry.ts';

const file: DocumentFile = {
  Id: 'file-1',
  Title: 'Agreement.pdf',
  PageCount: 2,
  Pages: [
    { Width: 595, Height: 842 },
    { Width: 595, Height: 842 },
  ],
  ByteSize: 1000,
  Sha256: 'x',
  FormFields: [
    { name: 'Buyer', kind: 'text', page: 1, x: 50, y: 100, width: 200, height: 20, required: true },
    { name: 'Agree', kind: 'checkbox', page: 2, x: 40, y: 60, width: 12, height: 12, required: false },
    { name: 'Submit', kind: 'button', page: 2, x: 40, y: 600, width: 80, height: 20, required: false },
  ],
  RemovedContent: [],
  Rules: { fields: [], access: {} },
};

const draft: Draft = {
  Id: 'prj-1',
  Title: 'Agreement',
  Kind: 'document',
  Language: 'en-us',
  AccessLevel: 'private',
  Settings: { allowPrinting: false },
  Message: '',
  Parties: [],
  Files: [file],
  Created: '2026-01-01T00:00:00.000Z',
  Updated: '2026-01-01T00:00:00.000Z',
};

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const start = () => run(initialEditorState(draft, file), { type: 'add-party', name: 'Anna' });
const fieldOf = (state: EditorState, id: string) => {
  const field = state.fields.find((candidate) => candidate.id === id);
  if (!field) throw new Error(`no field ${id}`);
  return field;
};

describe('editorReducer (the field editor, issue 6 part 2)', () => {
  it('starts from the draft: the settings over their defaults, buttons left out of the PDF fields', () => {
    const state = initialEditorState(draft, file);
    expect(state.settings.allowPrinting).toBe(false);
    expect(state.settings.embedVerification).toBe(true);
    expect(state.formFields.map((field) => field.name)).toEqual(['Buyer', 'Agree']);
  });

  it('adds parties in the free slots and selects the new one; removing one removes its fields', () => {
    let state = run(start(), { type: 'add-party', name: 'Bo' });
    expect(state.parties.map((party) => [party.Name, party.SignatureIndex])).toEqual([
      ['Anna', 0],
      ['Bo', 1],
    ]);
    expect(state.selectedParty).toBe(1);
    state = run(state, { type: 'add-field', id: 'f1', fieldType: 'signature', page: 1, x: 100, y: 100 });
    state = run(state, { type: 'remove-party', signatureIndex: 0 }, { type: 'add-party' });
    expect(state.parties.map((party) => party.SignatureIndex)).toEqual([1, 0]);
    state = run(state, { type: 'remove-party', signatureIndex: 1 });
    expect(state.fields).toEqual([]);
    expect(state.selectedParty).toBe(0);
  });

  it('adds a field for the selected party, snapped to the grid, with the default size; none without a party', () => {
    expect(
      run(initialEditorState(draft, file), { type: 'add-field', id: 'f', fieldType: 'text', page: 1, x: 1, y: 1 })
        .fields,
    ).toEqual([]);
    const state = run(start(), { type: 'add-field', id: 'f1', fieldType: 'signature', page: 2, x: 101.7, y: 203 });
    expect(fieldOf(state, 'f1')).toMatchObject({
      signatureIndex: 0,
      page: 2,
      x: 100,
      y: 205,
      width: 180,
      height: 50,
      required: true,
    });
    expect(state.selectedFieldId).toBe('f1');
    expect(state.rulesRevision).toBe(1);
  });

  it("moves a field onto another field's edge when near it, else onto the grid, and keeps it on the page", () => {
    let state = run(
      start(),
      { type: 'add-field', id: 'a', fieldType: 'text', page: 1, x: 100, y: 100 },
      { type: 'add-field', id: 'b', fieldType: 'text', page: 1, x: 300, y: 300 },
    );
    // b's left edge 3 pt from a's left edge (100): it sticks there, not to the grid line at 105.
    state = run(state, { type: 'move-field', id: 'b', x: 103, y: 401 });
    expect(fieldOf(state, 'b')).toMatchObject({ x: 100, y: 400 });
    // b's top 2 pt below a's bottom (122): it sticks to it.
    state = run(state, { type: 'move-field', id: 'b', x: 300, y: 124 });
    expect(fieldOf(state, 'b')).toMatchObject({ x: 300, y: 122 });
    state = run(state, { type: 'move-field', id: 'b', x: 900, y: -50 });
    expect(fieldOf(state, 'b')).toMatchObject({ x: 595 - 160, y: 0 });
  });

  it('resizes by the corner with the right and bottom edges snapping, within the size limits', () => {
    let state = run(
      start(),
      { type: 'add-field', id: 'a', fieldType: 'signature', page: 1, x: 100, y: 100 },
      { type: 'add-field', id: 'b', fieldType: 'text', page: 1, x: 100, y: 300 },
    );
    // b's right edge near a's (280): 178 → 180 wide.
    state = run(state, { type: 'resize-field', id: 'b', width: 178, height: 31 });
    expect(fieldOf(state, 'b')).toMatchObject({ x: 100, y: 300, width: 180, height: 30 });
    state = run(state, { type: 'resize-field', id: 'b', width: 1, height: 1 });
    expect(fieldOf(state, 'b')).toMatchObject({ width: 4, height: 4 });
  });

  it('takes exact numbers unsnapped, moves a field to another page, and nudges by points', () => {
    let state = run(start(), { type: 'add-field', id: 'a', fieldType: 'date', page: 1, x: 100, y: 100 });
    state = run(state, { type: 'set-field-box', id: 'a', box: { x: 101.5, width: 97 }, page: 2 });
    expect(fieldOf(state, 'a')).toMatchObject({ page: 2, x: 101.5, y: 100, width: 97 });
    state = run(
      state,
      { type: 'nudge-field', id: 'a', dx: 1, dy: 0 },
      { type: 'nudge-field', id: 'a', dx: 0, dy: -10 },
      { type: 'nudge-field', id: 'a', dx: -1000, dy: 0 },
    );
    expect(fieldOf(state, 'a')).toMatchObject({ x: 0, y: 90 });
  });

  it('duplicates below the original without its name, and deletes', () => {
    let state = run(start(), { type: 'add-field', id: 'a', fieldType: 'text', page: 1, x: 100, y: 100 });
    state = run(state, { type: 'update-field', id: 'a', changes: { label: 'City' } });
    state = run(state, { type: 'duplicate-field', id: 'a', newId: 'b' });
    expect(fieldOf(state, 'b')).toMatchObject({ x: 100, y: 132, label: 'City', type: 'text' });
    expect(state.selectedFieldId).toBe('b');
    state = run(state, { type: 'delete-field', id: 'b' });
    expect(state.fields.map((field) => field.id)).toEqual(['a']);
    expect(state.selectedFieldId).toBeNull();
  });

  it("adopts one of the PDF's fields for the selected party, then the rest at once, each only once", () => {
    let state = run(start(), { type: 'adopt-pdf-field', name: 'Buyer', id: 'p1' });
    expect(fieldOf(state, 'p1')).toMatchObject({
      type: 'text',
      signatureIndex: 0,
      page: 1,
      x: 50,
      y: 100,
      width: 200,
      height: 20,
      pdfFieldName: 'Buyer',
    });
    state = run(state, { type: 'adopt-pdf-field', name: 'Buyer', id: 'p9' });
    expect(state.fields).toHaveLength(1);
    state = run(state, { type: 'adopt-all-pdf-fields', ids: ['p2', 'p3'] });
    expect(state.fields.map((field) => [field.id, field.type, field.pdfFieldName])).toEqual([
      ['p1', 'text', 'Buyer'],
      ['p2', 'checkbox', 'Agree'],
    ]);
  });

  it('counts draft changes and rules changes apart, for autosave', () => {
    const state = run(
      start(),
      { type: 'set-title', title: 'New' },
      { type: 'set-setting', key: 'enableSharing', value: true },
      { type: 'select-party', signatureIndex: 0 },
    );
    expect(state).toMatchObject({ title: 'New', draftRevision: 3, rulesRevision: 0 });
    expect(state.settings.enableSharing).toBe(true);
  });
});

describe('freeSpotOn (a field added by a click)', () => {
  it('goes a third into the page, below the fields already in the way', () => {
    const page = { Width: 600, Height: 900 };
    expect(freeSpotOn([], 1, 'text', page)).toEqual({ x: 200, y: 300 });
    const taken = [
      { page: 1, x: 190, y: 290, width: 180, height: 50 },
      { page: 1, x: 200, y: 350, width: 100, height: 22 },
      { page: 2, x: 200, y: 382, width: 100, height: 22 },
    ];
    expect(freeSpotOn(taken, 1, 'text', page)).toEqual({ x: 200, y: 382 });
  });
});
