import type { LinkSignatureSlot } from '@signlink/contracts/links/link-access';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldDomId } from '../viewer/field-input.tsx';
import { type DocumentField, type FormValues, type GuideTarget, guideTargets } from '../viewer/next-field.ts';

/** Scrolls a field to the middle of the screen and gives it focus, so typing or Enter continues there. */
function focusField(field: DocumentField): void {
  const element = document.getElementById(fieldDomId(field));
  if (!element) return;
  element.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  element.focus({ preventScroll: true });
}

interface GuideInput {
  fields: readonly DocumentField[];
  slots: LinkSignatureSlot[];
  values: FormValues;
  /** A submitted form takes no more typing: the guide skips its fields. */
  isFrozen: boolean;
}

/** The guided flow: what comes next (a field to fill, a slot to sign) and the notice of a required field left empty. */
export function useGuide({ fields, slots, values, isFrozen }: GuideInput) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<string | null>(null);
  const targets = useMemo(
    () => guideTargets(fields, slots, values).filter((target) => !isFrozen || target.kind !== 'fill'),
    [fields, slots, values, isFrozen],
  );
  const clearNotice = useCallback(() => setNotice(null), []);
  /** Takes the person to a required field they left empty, and says why. */
  const showMissing = useCallback(
    (field: DocumentField) => {
      setNotice(t('recipientDocument.guide.fillRequired'));
      focusField(field);
    },
    [t],
  );
  // The form is submitted or shared only complete: the guided flow takes the person to the first empty required field.
  const checkFormRequired = () => {
    const missing = targets.find((target) => target.kind === 'fill');
    if (!missing?.field) return true;
    showMissing(missing.field);
    return false;
  };
  const goToNext = (sign: (signatureIndex: number) => void) => {
    const next: GuideTarget | undefined = targets[0];
    if (!next) return;
    setNotice(null);
    if (next.field) focusField(next.field);
    else if (next.kind === 'sign') sign(next.signatureIndex);
  };
  return { next: targets[0], notice, clearNotice, showMissing, checkFormRequired, goToNext };
}
