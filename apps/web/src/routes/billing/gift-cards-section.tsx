import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GiftCard } from '@signlink/contracts/billing/vouchers';
import { listGiftCardsRoute } from '@signlink/contracts/billing/vouchers.routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../api/use-api-query.ts';
import { MoneyText } from '../../components/billing/money-text.tsx';
import { RedeemGiftCardDialog } from '../../components/billing/redeem-gift-card-dialog.tsx';
import { formatDate } from '../../components/documents/format-date.ts';
import { FormError } from '../../components/forms/form-error.tsx';

/** `GET app/vouchers`: the personal cards issued to the user and the cards the account redeemed, and Redeem. */
export function GiftCardsSection() {
  const { t } = useTranslation();
  const cards = useApiQuery(listGiftCardsRoute, {}, { silent: true }, { retry: false });
  // The dialog, with the code of the card it was opened for ('' from the section's own button).
  const [redeeming, setRedeeming] = useState<string | null>(null);

  return (
    <Stack spacing={3} component="section" aria-labelledby="billing-gift-cards-heading">
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}
      >
        <div>
          <Typography id="billing-gift-cards-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
            {t('billing.giftCards.heading')}
          </Typography>
          <Typography color="text.secondary">{t('billing.giftCards.intro')}</Typography>
        </div>
        <Button variant="contained" onClick={() => setRedeeming('')}>
          {t('billing.giftCards.redeem')}
        </Button>
      </Stack>
      {cards.isPending && (
        <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress />
        </Box>
      )}
      {cards.isError && <FormError error={cards.error} />}
      {cards.data?.Vouchers.length === 0 && (
        <Typography color="text.secondary">{t('billing.giftCards.empty')}</Typography>
      )}
      {cards.data && cards.data.Vouchers.length > 0 && (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {cards.data.Vouchers.map((card) => (
            <GiftCardRow key={card.Code} card={card} onRedeem={() => setRedeeming(card.Code)} />
          ))}
        </Stack>
      )}
      {redeeming !== null && <RedeemGiftCardDialog initialCode={redeeming} onClose={() => setRedeeming(null)} />}
    </Stack>
  );
}

function GiftCardRow({ card, onRedeem }: { card: GiftCard; onRedeem: () => void }) {
  const { t, i18n } = useTranslation();
  // A card issued to the user and not yet theirs on the balance; one the account redeemed is `used`.
  const isRedeemable = card.State === 'available' && card.CanActivate !== false;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1.5 }}>
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {card.Code}
            </Typography>
            <Chip size="small" label={t(`billing.giftCards.states.${card.State}`)} />
            {card.IsPersonal && <Chip size="small" variant="outlined" label={t('billing.giftCards.personal')} />}
          </Stack>
          <Typography>
            <MoneyText minor={card.Value} currency={card.Currency} />
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('giftCard.validUntil')}:{' '}
            {card.ExpiresAt ? formatDate(card.ExpiresAt, i18n.language) : t('giftCard.noExpiry')}
          </Typography>
        </Stack>
        {isRedeemable && (
          <Box sx={{ alignSelf: { sm: 'center' } }}>
            <Button variant="outlined" onClick={onRedeem}>
              {t('billing.giftCards.redeemCode', { code: card.Code })}
            </Button>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
