import type { LinkSignatureSlot } from '@signlink/contracts/links/link-access';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The slots as this reader sees them: a label the sender did not write is the default "Sign {index}" (SPEC section
 * 3) in the reader's language, not the document's, and follows the language switch. The sender's own words stay.
 */
export function useReaderSlots(slots: LinkSignatureSlot[]): LinkSignatureSlot[] {
  const { t } = useTranslation();
  return useMemo(
    () =>
      slots.map((slot) =>
        // People count from one: slot 0 is "Sign 1", as the server's default says.
        slot.hasDefaultLabel
          ? { ...slot, label: t('recipientDocument.slot.defaultLabel', { number: slot.index + 1 }) }
          : slot,
      ),
    [slots, t],
  );
}
