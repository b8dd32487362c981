import type { FileRules, PlacedField } from '@signlink/contracts/documents/document-model';
import type { SlotFormValues } from '@signlink/contracts/links/sign-ink';
import { AppError } from '../../errors.ts';

/** The fields a party fills before signing: signatures are the signature, a name clarification its own input. */
const fillableTypes = new Set<PlacedField['type']>(['text', 'date', 'checkbox']);
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

const nameOf = (field: PlacedField) => field.name ?? field.id;

/**
 * The values a signature carries for its slot's own fields (issue 8, part 6): a key that is not one of this slot's
 * text, date or checkbox fields is refused (no filling another party's fields), each value must suit its field's
 * type, and a required field must be filled (a required checkbox ticked) or the signature is MANDATORY_FIELDS_MISSING.
 * Returns the values as stored: trimmed texts, empty ones dropped.
 */
export function checkSlotFormValues(
  rules: readonly FileRules[],
  signatureIndex: number,
  values: SlotFormValues,
): Record<string, string | boolean> {
  const fields = new Map(
    rules
      .flatMap((rule) => rule.fields)
      .filter((field) => field.signatureIndex === signatureIndex && fillableTypes.has(field.type))
      .map((field) => [nameOf(field), field]),
  );
  const accepted: Record<string, string | boolean> = {};
  for (const [name, value] of Object.entries(values)) {
    const field = fields.get(name);
    if (!field)
      throw new AppError('VALIDATION_FAILED', { details: { reason: 'not-a-field-of-this-slot', field: name } });
    if (field.type === 'checkbox') {
      if (typeof value !== 'boolean') throw invalidValue(name);
      accepted[name] = value;
      continue;
    }
    if (typeof value !== 'string') throw invalidValue(name);
    const text = value.trim();
    if (field.type === 'date' && text !== '' && !isValidDate(text)) throw invalidValue(name);
    if (text !== '') accepted[name] = text;
  }
  const missing = [...fields.values()]
    .filter((field) => field.required && !isFilled(accepted[nameOf(field)]))
    .map(nameOf);
  if (missing.length > 0) throw new AppError('MANDATORY_FIELDS_MISSING', { details: { fields: missing } });
  return accepted;
}

function isFilled(value: string | boolean | undefined): boolean {
  return value === true || (typeof value === 'string' && value !== '');
}

/** A calendar date as the date input sends it (YYYY-MM-DD), and a real one (no 31 February). */
function isValidDate(text: string): boolean {
  if (!isoDate.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

function invalidValue(field: string) {
  return new AppError('VALIDATION_FAILED', { details: { reason: 'value-does-not-suit-field', field } });
}
