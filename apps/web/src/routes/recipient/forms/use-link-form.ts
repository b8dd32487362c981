import type { LinkAccessResponse, LinkSignatureSlot } from '@signlink/contracts/links/link-access';
import type { FormSubmission } from '@signlink/contracts/links/link-forms';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useApiClient } from '../../../api/api-context.tsx';
import { type DocumentField, type FieldValue, type FormValues, fieldKey } from '../viewer/next-field.ts';
import { createLinkFormApi, type LinkFormApi } from './link-form-api.ts';

const formFieldTypes = new Set<DocumentField['type']>(['text', 'date', 'checkbox']);

/** The text, date and checkbox fields of the slots this person may use: what their form holds (server's rule too). */
export function ownFormFields(fields: readonly DocumentField[], slots: readonly LinkSignatureSlot[]): DocumentField[] {
  const own = new Set(slots.filter((slot) => slot.access).map((slot) => slot.index));
  return fields.filter((field) => formFieldTypes.has(field.type) && own.has(field.signatureIndex));
}

/** The form's instantJson: the person's own fields that hold something (the server drops empty texts anyway). */
export function formValuesOf(fields: readonly DocumentField[], values: FormValues): FormValues {
  const result: FormValues = {};
  for (const field of fields) {
    const value: FieldValue | undefined = values[fieldKey(field)];
    if (field.type === 'checkbox') result[fieldKey(field)] = value === true;
    else if (typeof value === 'string' && value.trim() !== '') result[fieldKey(field)] = value;
  }
  return result;
}

export interface LinkFormState {
  api: LinkFormApi;
  /** The person has a form, and Submit or Share to send it with (the page decides when to offer them). */
  isFormMode: boolean;
  /** The sender did not disable submitting (SPEC section 3 "disable submit"; the server refuses it too). */
  canSubmit: boolean;
  /** The sender enabled sharing (SPEC section 3 "enable sharing", off by default; the server refuses it too). */
  canShare: boolean;
  /** The link's saved submission; null before the first save (or while it loads). */
  form: FormSubmission | null;
  setForm: (form: FormSubmission) => void;
  /** Submitted or shared: nothing can change any more (SPEC section 4). */
  isFrozen: boolean;
  fields: DocumentField[];
}

/**
 * The recipient's form (issue 8, part 7): whether this link is one to submit, and its saved submission, loaded once
 * so a reload shows a submitted form as submitted (and restores what a save kept). A failed load leaves the page as
 * it is: submitting later saves again and says what went wrong then.
 */
export function useLinkForm(input: {
  linkId: string;
  access: LinkAccessResponse;
  fields: readonly DocumentField[];
  slots: readonly LinkSignatureSlot[];
  onLoaded: (form: FormSubmission) => void;
}): LinkFormState {
  const { linkId, access, slots, onLoaded } = input;
  const client = useApiClient();
  const api = useMemo(
    () => createLinkFormApi(client, { linkId, requestToken: access.RequestToken, document: access.DocumentId }),
    [client, linkId, access.RequestToken, access.DocumentId],
  );
  const fields = useMemo(() => ownFormFields(input.fields, slots), [input.fields, slots]);
  const canSubmit = !access.Settings.disableSubmit;
  const canShare = access.Settings.enableSharing;
  // Each setting governs its own button: a form the sender may not have submitted can still be shared.
  const mayHaveForm = (canSubmit || canShare) && fields.length > 0;
  const [form, setForm] = useState<FormSubmission | null>(null);
  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;
  // Once per token: the saved form changes only through this page's own calls afterwards.
  useEffect(() => {
    if (!mayHaveForm) return;
    let isCurrent = true;
    api.load().then(
      (loaded) => {
        if (!isCurrent || !loaded) return;
        setForm(loaded);
        onLoadedRef.current(loaded);
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [api, mayHaveForm]);
  return {
    api,
    isFormMode: mayHaveForm,
    canSubmit,
    canShare,
    form,
    setForm,
    isFrozen: Boolean(form?.isFrozen),
    fields,
  };
}

/** What the fields show: a frozen form's own values over its fields (an emptied one shows empty), else as typed. */
export function shownFormValues(
  fields: readonly DocumentField[],
  form: FormSubmission | null,
  values: FormValues,
): FormValues {
  if (!form?.isFrozen) return values;
  const shown: FormValues = { ...values };
  for (const field of fields) {
    shown[fieldKey(field)] = form.instantJson[fieldKey(field)] ?? (field.type === 'checkbox' ? false : '');
  }
  return shown;
}
