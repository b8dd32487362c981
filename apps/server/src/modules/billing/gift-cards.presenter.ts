import type { GiftCard } from '@signlink/contracts/billing/vouchers';
import type { GiftCardRow } from './gift-cards.repository.ts';

export type GiftCardRefusal = NonNullable<GiftCard['RefusalCode']>;

export function giftCardStateOf(card: GiftCardRow, now: Date): GiftCard['State'] {
  if (card.usedAt) return 'used';
  if (card.expiresAt && card.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'available';
}

/** `activation` is the signed-in account's view; without it (the public lookup) both fields are null. */
export function presentGiftCard(
  card: GiftCardRow,
  now: Date,
  activation?: { canActivate: boolean; refusal: GiftCardRefusal | null },
): GiftCard {
  return {
    Code: card.code,
    Value: card.valueMinor,
    Currency: card.currency,
    ExpiresAt: card.expiresAt?.toISOString() ?? null,
    IsPersonal: card.personalUserId !== null,
    State: giftCardStateOf(card, now),
    CanActivate: activation ? activation.canActivate : null,
    RefusalCode: activation ? activation.refusal : null,
  };
}
