import type { ActivateGiftCardResponse, GiftCard } from '@signlink/contracts/billing/vouchers';
import { ZGiftCardCode } from '@signlink/contracts/billing/vouchers';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useApiClient } from '../../api/api-context.tsx';
import { ApiError } from '../../api/api-error.ts';
import { balanceQueryPaths, createBillingApi } from '../../api/billing-api.ts';
import { useSession } from '../../api/session-context.tsx';

/** Where a redemption stands: a code checked against the account, then activated once. */
export type Redemption =
  | { step: 'idle' }
  | { step: 'checking' }
  | { step: 'checked'; card: GiftCard }
  | { step: 'activating'; card: GiftCard }
  | { step: 'activated'; card: GiftCard; result: ActivateGiftCardResponse }
  | { step: 'failed'; error: unknown; card?: GiftCard }
  /** SPEC section 5: the code must not be empty. */
  | { step: 'empty' };

/** The catalogue's answer to a code that cannot be a card, given without asking the server. */
const invalidCode = () => new ApiError({ status: 404, code: 'GIFT_CARD_INVALID', message: 'malformed code' });

/**
 * Redeeming a gift card into the current account (SPEC sections 5 and 8): the card is looked up first, so its value,
 * expiry and any refusal show before anything is credited; activation is sent once however often it is asked for,
 * and the balance screens and the header's balances then load again.
 */
export function useGiftCardRedemption() {
  const api = createBillingApi(useApiClient());
  const queryClient = useQueryClient();
  const session = useSession();
  const [redemption, setRedemption] = useState<Redemption>({ step: 'idle' });
  // A state update reaches the button only after a render; two clicks in between must still send one activation.
  const isActivating = useRef(false);
  const checkedCode = useRef<string | null>(null);

  const check = async (typed: string) => {
    if (!typed.trim()) return setRedemption({ step: 'empty' });
    const parsed = ZGiftCardCode.safeParse(typed);
    if (!parsed.success) return setRedemption({ step: 'failed', error: invalidCode() });
    setRedemption({ step: 'checking' });
    try {
      const card = await api.findOwnGiftCard(parsed.data);
      checkedCode.current = parsed.data;
      setRedemption({ step: 'checked', card });
    } catch (error) {
      setRedemption({ step: 'failed', error });
    }
  };

  const activate = async (card: GiftCard) => {
    if (isActivating.current) return;
    isActivating.current = true;
    setRedemption({ step: 'activating', card });
    try {
      const result = await api.activateGiftCard(checkedCode.current ?? card.Code);
      setRedemption({ step: 'activated', card, result });
      await Promise.all([
        ...Object.values(balanceQueryPaths).map((path) => queryClient.invalidateQueries({ queryKey: ['api', path] })),
        session.reload(),
      ]);
    } catch (error) {
      setRedemption({ step: 'failed', error, card });
    } finally {
      isActivating.current = false;
    }
  };

  const reset = () => {
    checkedCode.current = null;
    setRedemption({ step: 'idle' });
  };

  return { redemption, check, activate, reset };
}
