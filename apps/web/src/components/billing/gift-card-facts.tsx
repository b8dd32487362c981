import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GiftCard } from '@signlink/contracts/billing/vouchers';
import { type ErrorCode, messageKeyOf } from '@signlink/contracts/errors/error-codes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../documents/format-date.ts';
import { MoneyText } from './money-text.tsx';

/**
 * Why this card cannot be activated, as the catalogue's code (SPEC section 8): the signed-in lookup says it for the
 * account; the public one only knows the card's own state.
 */
export function refusalOf(card: GiftCard): ErrorCode | null {
  if (card.RefusalCode) return card.RefusalCode;
  if (card.CanActivate === false) return 'GIFT_CARD_NOT_ACTIVATED';
  if (card.State === 'used') return 'GIFT_CARD_USED';
  if (card.State === 'expired') return 'GIFT_CARD_EXPIRED';
  return null;
}

/** A gift card's code, value and expiry as a list of facts, and its refusal in the catalogue's words. */
export function GiftCardFacts({ card }: { card: GiftCard }) {
  const { t, i18n } = useTranslation();
  const refusal = refusalOf(card);
  const facts: [string, ReactNode][] = [
    [t('giftCard.code'), card.Code],
    [t('giftCard.value'), <MoneyText key="value" minor={card.Value} currency={card.Currency} />],
    [t('giftCard.validUntil'), card.ExpiresAt ? formatDate(card.ExpiresAt, i18n.language) : t('giftCard.noExpiry')],
  ];
  return (
    <Stack spacing={2}>
      <Stack component="dl" direction="row" sx={{ flexWrap: 'wrap', columnGap: 4, rowGap: 1, m: 0 }}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </div>
        ))}
      </Stack>
      {refusal && (
        <Alert severity="warning" role="status">
          {t(messageKeyOf(refusal))}
        </Alert>
      )}
    </Stack>
  );
}
