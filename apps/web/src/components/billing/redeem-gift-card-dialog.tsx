import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../../api/session-context.tsx';
import { currentLocale } from '../../i18n/create-app-i18n.ts';
import { AppDialog } from '../dialogs/app-dialog.tsx';
import { FormError } from '../forms/form-error.tsx';
import { GiftCardFacts, refusalOf } from './gift-card-facts.tsx';
import { type Redemption, useGiftCardRedemption } from './use-gift-card-redemption.ts';

/** The checked card, while it is the one on screen. */
function cardOf(redemption: Redemption) {
  return 'card' in redemption ? redemption.card : undefined;
}

/** A card checked without a refusal, and not yet activated or refused at activation. */
function isActivatable(redemption: Redemption): boolean {
  return (redemption.step === 'checked' || redemption.step === 'activating') && refusalOf(redemption.card) === null;
}

/**
 * SPEC section 2's "Redeem gift card": the code is checked against the current account first, so the value, expiry
 * and any refusal (SPEC section 8) show before Activate credits it; a code given (a card from the list) is checked at
 * once.
 */
export function RedeemGiftCardDialog({ initialCode = '', onClose }: { initialCode?: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const auth = useSignedInUser();
  const formId = useId();
  const [code, setCode] = useState(initialCode);
  const { redemption, check, activate, reset } = useGiftCardRedemption();
  const card = cardOf(redemption);
  const canActivate = isActivatable(redemption);
  const isBusy = redemption.step === 'checking' || redemption.step === 'activating';
  const account = auth?.user.AccountName ?? '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the code the dialog opened with is checked unasked.
  useEffect(() => {
    if (initialCode) void check(initialCode);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canActivate && card) void activate(card);
    else if (!isBusy) void check(code);
  };

  let primary = (
    <Button
      type="submit"
      form={formId}
      variant="contained"
      disabled={isBusy}
      startIcon={isBusy ? <CircularProgress size={16} color="inherit" /> : undefined}
    >
      {canActivate ? t('giftCard.redeem.activate') : t('giftCard.redeem.check')}
    </Button>
  );
  if (redemption.step === 'activated') {
    primary = (
      <Button variant="contained" onClick={onClose} autoFocus>
        {t('common.close')}
      </Button>
    );
  }

  return (
    <AppDialog
      title={t('giftCard.redeem.title')}
      onClose={onClose}
      actions={
        <>
          {redemption.step === 'activated' ? (
            <Button
              onClick={() => {
                setCode('');
                reset();
              }}
            >
              {t('giftCard.redeem.another')}
            </Button>
          ) : (
            <Button onClick={onClose}>{t('common.cancel')}</Button>
          )}
          {primary}
        </>
      }
    >
      <Stack component="form" id={formId} noValidate onSubmit={submit} spacing={2.5} sx={{ pt: 1 }}>
        <Typography color="text.secondary">{t('giftCard.redeem.intro', { account })}</Typography>
        <TextField
          label={t('giftCard.code')}
          value={code}
          required
          autoFocus={!initialCode}
          autoComplete="off"
          disabled={isBusy || redemption.step === 'activated'}
          error={redemption.step === 'empty'}
          helperText={redemption.step === 'empty' ? t('giftCard.emptyCode') : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            // Another code: what was checked no longer stands for it.
            if (redemption.step !== 'idle') reset();
          }}
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
        />
        {card && <GiftCardFacts card={card} />}
        {canActivate && redemption.step === 'checked' && (
          <Alert severity="info" role="status">
            {t('giftCard.redeem.canActivate', { account })}
          </Alert>
        )}
        {redemption.step === 'failed' && <FormError error={redemption.error} />}
        {redemption.step === 'activated' && (
          <Alert severity="success" role="status">
            {t('giftCard.redeem.done', {
              account,
              amount: formatMoney(redemption.result.Credited, redemption.result.Currency, currentLocale(i18n)),
              balance: formatMoney(redemption.result.TotalBalance, redemption.result.Currency, currentLocale(i18n)),
            })}
          </Alert>
        )}
      </Stack>
    </AppDialog>
  );
}
