import type { LinkAccessResponse, LinkSignatureSlot } from '@signlink/contracts/links/link-access';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { shownFormValues, useLinkForm } from '../forms/use-link-form.ts';
import { loadFormValues, saveFormValues } from '../viewer/form-values-storage.ts';
import { type DocumentField, type FieldValue, type FormValues, fieldKey } from '../viewer/next-field.ts';

interface RecipientValuesInput {
  linkId: string;
  access: LinkAccessResponse;
  fields: readonly DocumentField[];
  slots: readonly LinkSignatureSlot[];
}

/**
 * What the signed slots filled in, as sealing will stamp it: shown read-only where it goes, to this party and the
 * ones after (the server sends only signed slots' values).
 */
export function signedValuesOf(slots: readonly LinkSignatureSlot[]): FormValues {
  return Object.assign({}, ...slots.filter((slot) => slot.signed).map((slot) => slot.filledValues));
}

/**
 * The fields' values as the page shows them: what this tab typed (kept in its storage until signed) over the form an
 * earlier save kept, and under both what the signed slots hold.
 */
export function useRecipientValues({ linkId, access, fields, slots }: RecipientValuesInput) {
  const [typed, setTyped] = useState<FormValues>(() => loadFormValues(linkId));
  const form = useLinkForm({
    linkId,
    access,
    fields,
    slots,
    // What an earlier save kept fills the fields this tab has not typed in.
    onLoaded: (saved) => setTyped((current) => ({ ...saved.instantJson, ...current })),
  });
  const values = useMemo(
    () => ({ ...shownFormValues(form.fields, form.form, typed), ...signedValuesOf(slots) }),
    [form.fields, form.form, typed, slots],
  );

  // Kept until signed: a signed slot's values are in the document now, and leave the tab's storage.
  useEffect(() => {
    const openIndexes = new Set(slots.filter((slot) => !slot.signed).map((slot) => slot.index));
    const kept: FormValues = {};
    for (const field of fields) {
      const key = fieldKey(field);
      if (openIndexes.has(field.signatureIndex) && key in values) kept[key] = values[key] as FieldValue;
    }
    saveFormValues(linkId, kept);
  }, [linkId, values, fields, slots]);

  const setValue = useCallback((field: DocumentField, value: FieldValue) => {
    setTyped((current) => ({ ...current, [fieldKey(field)]: value }));
  }, []);
  return { form, values, setValue };
}
