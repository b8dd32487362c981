import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSignedInUser } from '../../../api/session-context.tsx';
import { GiftCardFacts, refusalOf } from '../../../components/billing/gift-card-facts.tsx';
import { useGiftCardRedemption } from '../../../components/billing/use-gift-card-redemption.ts';
import { FormError } from '../../../components/forms/form-error.tsx';
import { currentLocale } from '../../../i18n/create-app-i18n.ts';

/**
 * The landing's card for a signed-in person: checked against the account they act for (its currency, whether it has
 * unspent gift-card credit, whose personal card it is), then activated into it with one click.
 */
export function GiftCardRedeemPanel({ code }: { code: string }) {
  const { t, i18n } = useTranslation();
  const auth = useSignedInUser();
  const { redemption, check, activate } = useGiftCardRedemption();
  const account = auth?.user.AccountName ?? '';
  const accountId = auth?.user.AccountId;

  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again for another code or another account only.
  useEffect(() => {
    void check(code);
  }, [code, accountId]);

  const card = 'card' in redemption ? redemption.card : undefined;
  const canActivate =
    (redemption.step === 'checked' || redemption.step === 'activating') && refusalOf(redemption.card) === null;

  return (
    <Stack spacing={3}>
      {(redemption.step === 'checking' || redemption.step === 'idle') && (
        <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress />
        </Box>
      )}
      {card && <GiftCardFacts card={card} />}
      {redemption.step === 'failed' && <FormError error={redemption.error} />}
      {canActivate && card && (
        <Stack spacing={2}>
          <Alert severity="info" role="status">
            {t('giftCard.redeem.canActivate', { account })}
          </Alert>
          <Box>
            <Button
              variant="contained"
              size="large"
              disabled={redemption.step === 'activating'}
              startIcon={redemption.step === 'activating' ? <CircularProgress size={16} color="inherit" /> : undefined}
              onClick={() => void activate(card)}
            >
              {t('giftCard.redeem.activate')}
            </Button>
          </Box>
        </Stack>
      )}
      {redemption.step === 'activated' && (
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            {t('giftCard.redeem.done', {
              account,
              amount: formatMoney(redemption.result.Credited, redemption.result.Currency, currentLocale(i18n)),
              balance: formatMoney(redemption.result.TotalBalance, redemption.result.Currency, currentLocale(i18n)),
            })}
          </Alert>
          <Box>
            <Button variant="outlined" component={RouterLink} to="/billing/balance">
              {t('giftCard.landing.toBalance')}
            </Button>
          </Box>
        </Stack>
      )}
    </Stack>
  );
}
