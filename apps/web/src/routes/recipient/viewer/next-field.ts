import type { PlacedField } from '@signlink/contracts/documents/document-model';
import type { LinkSignatureSlot } from '@signlink/contracts/links/link-access';

export type FieldValue = string | boolean;
/** What the person typed, by field name (the FormValues the signing call sends). */
export type FormValues = Record<string, FieldValue>;

/** A field of one of the link's files: fileIndex is its place in the access response's Documents. */
export interface DocumentField extends PlacedField {
  fileIndex: number;
}

/** Where the guided flow goes next: a field to fill, or a slot to sign (at its field when it has one). */
export type GuideTarget =
  | { kind: 'fill'; field: DocumentField }
  | { kind: 'sign'; signatureIndex: number; field: DocumentField | null };

const fillableTypes = new Set<PlacedField['type']>(['text', 'date', 'checkbox']);

/** The key a field's value is stored and sent under: its encoded name, or its id before the server named it. */
export function fieldKey(field: Pick<PlacedField, 'id' | 'name'>): string {
  return field.name ?? field.id;
}

/** This person may still sign the slot: it is theirs (SPEC section 6, access map) and not signed yet. */
export function isOpenSlot(slot: LinkSignatureSlot | undefined): slot is LinkSignatureSlot {
  return Boolean(slot?.access && !slot.signed);
}

/** A text, date or checkbox field of a slot this person may still sign: the only fields they can change. */
export function isEditableField(field: PlacedField, slots: readonly LinkSignatureSlot[]): boolean {
  return fillableTypes.has(field.type) && isOpenSlot(slots.find((slot) => slot.index === field.signatureIndex));
}

export function isFilled(field: PlacedField, value: FieldValue | undefined): boolean {
  if (field.type === 'checkbox') return value === true;
  return typeof value === 'string' && value.trim() !== '';
}

/** Reading order: file, page, then top to bottom and left to right (a few points' difference is the same line). */
export function compareFields(a: DocumentField, b: DocumentField): number {
  if (a.fileIndex !== b.fileIndex) return a.fileIndex - b.fileIndex;
  if (a.page !== b.page) return a.page - b.page;
  if (Math.abs(a.y - b.y) > 4) return a.y - b.y;
  return a.x - b.x;
}

/**
 * The guided flow's remaining stops (issue 8 part 5): first every required field this person must still fill, in
 * reading order; then each of their unsigned slots at its first signature field (a slot without one comes last).
 */
export function guideTargets(
  fields: readonly DocumentField[],
  slots: readonly LinkSignatureSlot[],
  values: FormValues,
): GuideTarget[] {
  const ordered = [...fields].sort(compareFields);
  const fills: GuideTarget[] = ordered
    .filter((field) => field.required && isEditableField(field, slots) && !isFilled(field, values[fieldKey(field)]))
    .map((field) => ({ kind: 'fill', field }));
  const signs: GuideTarget[] = slots
    .filter(isOpenSlot)
    .map((slot) => ({
      kind: 'sign' as const,
      signatureIndex: slot.index,
      field: ordered.find((field) => field.type === 'signature' && field.signatureIndex === slot.index) ?? null,
    }))
    .sort((a, b) => (a.field && b.field ? compareFields(a.field, b.field) : a.field ? -1 : b.field ? 1 : 0));
  return [...fills, ...signs];
}

/** The required fields of one slot still empty: a slot is signed only once they are filled. */
export function missingRequiredFields(
  fields: readonly DocumentField[],
  signatureIndex: number,
  values: FormValues,
): DocumentField[] {
  return [...fields]
    .sort(compareFields)
    .filter(
      (field) =>
        field.signatureIndex === signatureIndex &&
        field.required &&
        fillableTypes.has(field.type) &&
        !isFilled(field, values[fieldKey(field)]),
    );
}

/** The slot's text, date and checkbox values as the signing call's FormValues (empty ones included). */
export function slotFormValues(
  fields: readonly DocumentField[],
  signatureIndex: number,
  values: FormValues,
): FormValues {
  const result: FormValues = {};
  for (const field of fields) {
    if (field.signatureIndex !== signatureIndex || !fillableTypes.has(field.type)) continue;
    const value = values[fieldKey(field)];
    result[fieldKey(field)] = field.type === 'checkbox' ? value === true : typeof value === 'string' ? value : '';
  }
  return result;
}
