import { limits } from '@signlink/contracts/constants';
import type { AccessLevel, FieldType, PdfFormField, PlacedField } from '@signlink/contracts/documents/document-model';
import { type DocumentSettings, settingsWithDefaults } from '@signlink/contracts/documents/document-model';
import type { DocumentFile, Draft } from '../../../api/drafts-api.ts';
import { type Box, clampToPage, defaultFieldSizes, type PageSize, snapMove, snapResize } from './field-geometry.ts';

export type DraftParty = Draft['Parties'][number];

/**
 * The field editor's state (issue 6, part 2): the draft's details and the open file's placed fields. Two revision
 * counters tell autosave what changed: the draft (PUT projects/{id}) or the file's rules (POST files/{id}/rules).
 */
export interface EditorState {
  title: string;
  accessLevel: AccessLevel;
  settings: Required<DocumentSettings>;
  message: string;
  parties: DraftParty[];
  /** The party new fields are for: its signature index. */
  selectedParty: number | null;
  fileId: string;
  pages: PageSize[];
  formFields: PdfFormField[];
  fields: PlacedField[];
  labels: Record<string, string>;
  selectedFieldId: string | null;
  draftRevision: number;
  rulesRevision: number;
}

export type PartyChanges = Partial<Omit<DraftParty, 'SignatureIndex' | 'Id'>>;

export type EditorAction =
  | { type: 'set-title'; title: string }
  | { type: 'set-message'; message: string }
  | { type: 'set-access-level'; accessLevel: AccessLevel }
  | { type: 'set-setting'; key: keyof DocumentSettings; value: boolean }
  | { type: 'add-party'; name?: string }
  | { type: 'update-party'; signatureIndex: number; changes: PartyChanges }
  | { type: 'remove-party'; signatureIndex: number }
  | { type: 'select-party'; signatureIndex: number }
  /** `id` comes from the caller so the reducer stays pure; x and y are where the field's top-left should go. */
  | { type: 'add-field'; id: string; fieldType: FieldType; page: number; x: number; y: number }
  | { type: 'move-field'; id: string; x: number; y: number }
  | { type: 'resize-field'; id: string; width: number; height: number }
  /** Exact numbers from the properties panel: no snapping, only kept on the page. */
  | { type: 'set-field-box'; id: string; box: Partial<Box>; page?: number }
  | { type: 'update-field'; id: string; changes: Partial<Pick<PlacedField, 'required' | 'label' | 'signatureIndex'>> }
  | { type: 'nudge-field'; id: string; dx: number; dy: number }
  | { type: 'duplicate-field'; id: string; newId: string }
  | { type: 'delete-field'; id: string }
  | { type: 'select-field'; id: string | null }
  | { type: 'adopt-pdf-field'; name: string; id: string }
  /** Every PDF field not yet adopted, for the selected party; ids in the form fields' order. */
  | { type: 'adopt-all-pdf-fields'; ids: string[] };

export function initialEditorState(draft: Draft, file: DocumentFile): EditorState {
  return {
    title: draft.Title,
    accessLevel: draft.AccessLevel,
    settings: settingsWithDefaults(draft.Settings),
    message: draft.Message,
    parties: draft.Parties,
    selectedParty: draft.Parties[0]?.SignatureIndex ?? null,
    fileId: file.Id,
    pages: file.Pages,
    formFields: file.FormFields.filter((field) => field.kind !== 'button'),
    fields: file.Rules.fields,
    labels: file.Rules.labels ?? {},
    selectedFieldId: null,
    draftRevision: 0,
    rulesRevision: 0,
  };
}

/** The lowest slot no party holds (SPEC section 3: the index in brackets of every field name). */
export function freeSignatureIndex(parties: readonly DraftParty[]): number | null {
  const taken = new Set(parties.map((party) => party.SignatureIndex));
  for (let index = 0; index <= limits.maxSignatureIndex; index++) if (!taken.has(index)) return index;
  return null;
}

/** How a PDF's own field is placed: a signature stays one, a tick box is a checkbox, anything typed is text. */
export function fieldTypeOfPdfField(kind: PdfFormField['kind']): FieldType {
  if (kind === 'signature') return 'signature';
  if (kind === 'checkbox' || kind === 'radio') return 'checkbox';
  return 'text';
}

const draft = (state: EditorState, changes: Partial<EditorState>): EditorState => ({
  ...state,
  ...changes,
  draftRevision: state.draftRevision + 1,
});

const rules = (state: EditorState, fields: PlacedField[], selectedFieldId = state.selectedFieldId): EditorState => ({
  ...state,
  fields,
  selectedFieldId,
  rulesRevision: state.rulesRevision + 1,
});

function pageOf(state: EditorState, page: number): PageSize | undefined {
  return state.pages[page - 1];
}

/** The other fields on the page: what a placed, moved or resized field snaps to. */
function neighbours(state: EditorState, page: number, exceptId?: string): PlacedField[] {
  return state.fields.filter((other) => other.page === page && other.id !== exceptId);
}

function replaceField(state: EditorState, id: string, change: (field: PlacedField, page: PageSize) => PlacedField) {
  const field = state.fields.find((candidate) => candidate.id === id);
  const page = field && pageOf(state, field.page);
  if (!field || !page) return state;
  return rules(
    state,
    state.fields.map((candidate) => (candidate === field ? change(field, page) : candidate)),
  );
}

function adopt(state: EditorState, formField: PdfFormField, id: string, signatureIndex: number): PlacedField | null {
  const page = pageOf(state, formField.page);
  if (!page) return null;
  return {
    id,
    type: fieldTypeOfPdfField(formField.kind),
    signatureIndex,
    page: formField.page,
    ...clampToPage(formField, page),
    required: formField.required,
    pdfFieldName: formField.name,
  };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'set-title':
      return draft(state, { title: action.title });
    case 'set-message':
      return draft(state, { message: action.message });
    case 'set-access-level':
      return draft(state, { accessLevel: action.accessLevel });
    case 'set-setting':
      return draft(state, { settings: { ...state.settings, [action.key]: action.value } });
    case 'add-party': {
      const index = freeSignatureIndex(state.parties);
      if (index === null) return state;
      const party: DraftParty = {
        SignatureIndex: index,
        Name: action.name ?? '',
        InvitationMethod: 'email',
        SignatureType: 'e-signature',
        GetPaid: false,
      };
      return draft(state, { parties: [...state.parties, party], selectedParty: index });
    }
    case 'update-party':
      return draft(state, {
        parties: state.parties.map((party) =>
          party.SignatureIndex === action.signatureIndex ? { ...party, ...action.changes } : party,
        ),
      });
    case 'remove-party': {
      // Its fields go with it: a field without a party would block sending (SPEC section 5).
      const parties = state.parties.filter((party) => party.SignatureIndex !== action.signatureIndex);
      const fields = state.fields.filter((field) => field.signatureIndex !== action.signatureIndex);
      const selectedParty =
        state.selectedParty === action.signatureIndex ? (parties[0]?.SignatureIndex ?? null) : state.selectedParty;
      const withRules = fields.length === state.fields.length ? state : rules(state, fields, null);
      return draft(withRules, { parties, selectedParty });
    }
    case 'select-party':
      return { ...state, selectedParty: action.signatureIndex };
    case 'add-field': {
      const page = pageOf(state, action.page);
      if (!page || state.selectedParty === null) return state;
      const size = defaultFieldSizes[action.fieldType];
      const box = snapMove({ x: action.x, y: action.y, ...size }, neighbours(state, action.page), page);
      const field: PlacedField = {
        id: action.id,
        type: action.fieldType,
        signatureIndex: state.selectedParty,
        page: action.page,
        ...box,
        // A checkbox may be left empty; everything else a party must fill in.
        required: action.fieldType !== 'checkbox',
      };
      return rules(state, [...state.fields, field], field.id);
    }
    case 'move-field':
      return replaceField(state, action.id, (field, page) => ({
        ...field,
        ...snapMove({ ...field, x: action.x, y: action.y }, neighbours(state, field.page, field.id), page),
      }));
    case 'resize-field':
      return replaceField(state, action.id, (field, page) => ({
        ...field,
        ...snapResize(
          { ...field, width: action.width, height: action.height },
          neighbours(state, field.page, field.id),
          page,
        ),
      }));
    case 'set-field-box': {
      const target = action.page ?? state.fields.find((field) => field.id === action.id)?.page;
      const page = target === undefined ? undefined : pageOf(state, target);
      if (!page || target === undefined) return state;
      return replaceField(state, action.id, (field) => ({
        ...field,
        page: target,
        ...clampToPage({ ...field, ...action.box }, page),
      }));
    }
    case 'update-field':
      return replaceField(state, action.id, (field) => ({ ...field, ...action.changes }));
    case 'nudge-field':
      return replaceField(state, action.id, (field, page) => ({
        ...field,
        ...clampToPage({ ...field, x: field.x + action.dx, y: field.y + action.dy }, page),
      }));
    case 'duplicate-field': {
      const field = state.fields.find((candidate) => candidate.id === action.id);
      const page = field && pageOf(state, field.page);
      if (!field || !page) return state;
      // Below the original, where the copy is seen at once; the server names it (`Text[1].2`).
      const { name: _name, pdfFieldName: _pdfFieldName, ...rest } = field;
      const copy = { ...rest, id: action.newId, ...clampToPage({ ...field, y: field.y + field.height + 10 }, page) };
      return rules(state, [...state.fields, copy], copy.id);
    }
    case 'delete-field':
      return rules(
        state,
        state.fields.filter((field) => field.id !== action.id),
        state.selectedFieldId === action.id ? null : state.selectedFieldId,
      );
    case 'select-field':
      return { ...state, selectedFieldId: action.id };
    case 'adopt-pdf-field': {
      const formField = state.formFields.find((candidate) => candidate.name === action.name);
      if (!formField || state.selectedParty === null || isAdopted(state, formField.name)) return state;
      const field = adopt(state, formField, action.id, state.selectedParty);
      return field ? rules(state, [...state.fields, field], field.id) : state;
    }
    case 'adopt-all-pdf-fields': {
      const party = state.selectedParty;
      if (party === null) return state;
      const ids = [...action.ids];
      const adopted = state.formFields
        .filter((formField) => !isAdopted(state, formField.name))
        .map((formField) => adopt(state, formField, ids.shift() ?? `pdf-${formField.name}`, party))
        .filter((field): field is PlacedField => field !== null);
      return adopted.length === 0 ? state : rules(state, [...state.fields, ...adopted]);
    }
  }
}

export function isAdopted(state: Pick<EditorState, 'fields'>, pdfFieldName: string): boolean {
  return state.fields.some((field) => field.pdfFieldName === pdfFieldName);
}
