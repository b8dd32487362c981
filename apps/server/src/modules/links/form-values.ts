import type { FileRules, PdfFormField } from '@signlink/contracts/documents/document-model';
import type { FormValues } from '@signlink/contracts/links/link-forms';
import { AppError } from '../../errors.ts';
import { canUseSlot } from './signing-state.ts';

type ValueKind = 'text' | 'boolean';

/** What a PDF field takes: a checkbox a boolean, the rest (text, radio, dropdown, list) an option or text. */
const pdfFieldKinds: Partial<Record<PdfFormField['kind'], ValueKind>> = {
  text: 'text',
  checkbox: 'boolean',
  radio: 'text',
  dropdown: 'text',
  list: 'text',
};

/**
 * The fields a recipient's form may fill (DECISIONS, Form data): the placed text, date and checkbox fields of the
 * slots this link may use (SPEC section 6 access map: no filling another party's fields) and the PDF's own form
 * fields that are not signatures or buttons, by name.
 */
export function fillableFieldsOf(
  files: readonly { rules: FileRules; formFields: PdfFormField[] }[],
  fieldAccessKeys: readonly string[],
): Map<string, ValueKind> {
  const rules = files.map((file) => file.rules);
  const fields = new Map<string, ValueKind>();
  for (const file of files) {
    for (const field of file.formFields) {
      const kind = pdfFieldKinds[field.kind];
      if (kind) fields.set(field.name, kind);
    }
  }
  for (const field of rules.flatMap((rule) => rule.fields)) {
    if (field.type !== 'text' && field.type !== 'date' && field.type !== 'checkbox') continue;
    if (!canUseSlot(rules, field.signatureIndex, fieldAccessKeys)) continue;
    const kind: ValueKind = field.type === 'checkbox' ? 'boolean' : 'text';
    fields.set(field.name ?? field.id, kind);
    // An adopted PDF field is filled under its placed name; its own name means the same field.
    if (field.pdfFieldName) fields.set(field.pdfFieldName, kind);
  }
  return fields;
}

/**
 * The form's values as stored: every name must be a fillable field (VALIDATION_FAILED, reason `unknown-field`),
 * every value suit its field (`value-does-not-suit-field`); texts are trimmed and empty ones dropped. Required
 * fields are not demanded here: a form is saved half-filled and finished later.
 */
export function checkFormValues(fields: Map<string, ValueKind>, values: FormValues): Record<string, string | boolean> {
  const accepted: Record<string, string | boolean> = {};
  for (const [name, value] of Object.entries(values)) {
    const kind = fields.get(name);
    if (!kind) throw new AppError('VALIDATION_FAILED', { details: { reason: 'unknown-field', field: name } });
    if ((kind === 'boolean') !== (typeof value === 'boolean')) {
      throw new AppError('VALIDATION_FAILED', { details: { reason: 'value-does-not-suit-field', field: name } });
    }
    if (typeof value === 'boolean') accepted[name] = value;
    else if (value.trim() !== '') accepted[name] = value.trim();
  }
  return accepted;
}
