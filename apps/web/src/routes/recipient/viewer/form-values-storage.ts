import type { FieldValue, FormValues } from './next-field.ts';

/**
 * What the person typed, kept in sessionStorage per link (issue 8 part 5): a reload or a trip to the BankID app loses
 * nothing until the slot is signed, and nothing outlives the tab.
 */
const keyOf = (linkId: string) => `signlink.recipient.values.${linkId}`;

export function loadFormValues(linkId: string, storage: Storage | undefined = globalThis.sessionStorage): FormValues {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(keyOf(linkId)) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const values: FormValues = {};
    for (const [name, value] of Object.entries(parsed)) {
      if (typeof value === 'string' || typeof value === 'boolean') values[name] = value as FieldValue;
    }
    return values;
  } catch {
    // Unreadable (private mode, a hand-edited value): start empty rather than fail the page.
    return {};
  }
}

export function saveFormValues(
  linkId: string,
  values: FormValues,
  storage: Storage | undefined = globalThis.sessionStorage,
): void {
  try {
    if (Object.keys(values).length === 0) storage?.removeItem(keyOf(linkId));
    else storage?.setItem(keyOf(linkId), JSON.stringify(values));
  } catch {
    // A full or disabled storage only costs the reload safety net.
  }
}
