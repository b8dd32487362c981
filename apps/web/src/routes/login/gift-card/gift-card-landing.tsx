import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZGiftCardCode } from '@signlink/contracts/billing/vouchers';
import { findGiftCardRoute } from '@signlink/contracts/billing/vouchers.routes';
import { isLocale, type Locale } from '@signlink/contracts/locales';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { useSessionState } from '../../../api/session-context.tsx';
import { useApiQuery } from '../../../api/use-api-query.ts';
import { GiftCardFacts } from '../../../components/billing/gift-card-facts.tsx';
import { FormError } from '../../../components/forms/form-error.tsx';
import { currentLocale } from '../../../i18n/create-app-i18n.ts';
import { forgetReturnTo, readReturnTo, rememberReturnTo } from '../../../lib/return-to.ts';
import { GiftCardRedeemPanel } from './gift-card-redeem-panel.tsx';

/**
 * `/giftcard/{lang?}/{code?}` (SPEC section 2), the link of the gift-card e-mail: the card in the path's language;
 * signed in, it is redeemed into the current account; signed out, login or sign-up comes first and returns here with
 * the code. `/giftcard/{code}` without a language is the same card.
 */
export function GiftCardLanding() {
  const { i18n } = useTranslation();
  const params = useParams();
  const pathLocale = isLocale(params.lang) ? params.lang : null;
  const code = params.code ?? (pathLocale ? undefined : params.lang);
  const parsed = ZGiftCardCode.safeParse(code ?? '');
  const state = useSessionState();

  useEffect(() => {
    if (pathLocale && pathLocale !== currentLocale(i18n)) void i18n.changeLanguage(pathLocale);
  }, [pathLocale, i18n]);

  if (!code) return <CodeEntry locale={pathLocale ?? currentLocale(i18n)} />;
  if (!parsed.success) {
    return <FormError error={new ApiError({ status: 404, code: 'GIFT_CARD_INVALID', message: 'malformed code' })} />;
  }
  const here = `/giftcard/${pathLocale ?? currentLocale(i18n)}/${parsed.data}`;
  if (state.status === 'signedIn') return <SignedIn code={parsed.data} here={here} />;
  return <SignedOut code={parsed.data} here={here} />;
}

function SignedIn({ code, here }: { code: string; here: string }) {
  // Arrived back from login or sign-up: a later login starts from the dashboard again (require-account.tsx).
  useEffect(() => {
    if (readReturnTo() === here) forgetReturnTo();
  }, [here]);
  return <GiftCardRedeemPanel code={code} />;
}

function SignedOut({ code, here }: { code: string; here: string }) {
  const { t } = useTranslation();
  // Login, sign-up and a BankID reload all come back here, code and all (return-to.ts).
  rememberReturnTo(here);
  const card = useApiQuery(
    findGiftCardRoute,
    { params: { code } },
    { auth: 'client', silent: true },
    { retry: false, staleTime: Number.POSITIVE_INFINITY },
  );
  return (
    <Stack spacing={3}>
      {card.isPending && (
        <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress />
        </Box>
      )}
      {card.isError && <FormError error={card.error} />}
      {card.data && <GiftCardFacts card={card.data} />}
      <Typography>{t('giftCard.landing.signedOut')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="contained" component={RouterLink} to="/login">
          {t('common.logIn')}
        </Button>
        <Button variant="outlined" component={RouterLink} to="/createaccount">
          {t('auth.login.createAccountInstead')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** No code in the path: the person types it, and the landing opens for it. */
function CodeEntry({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [isEmpty, setIsEmpty] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZGiftCardCode.safeParse(code);
    if (!code.trim()) return setIsEmpty(true);
    navigate(`/giftcard/${locale}/${parsed.success ? parsed.data : encodeURIComponent(code.trim())}`);
  };
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('giftCard.landing.heading')}>
      <Typography>{t('giftCard.landing.noCode')}</Typography>
      <TextField
        label={t('giftCard.code')}
        value={code}
        required
        autoComplete="off"
        error={isEmpty}
        helperText={isEmpty ? t('giftCard.emptyCode') : undefined}
        onChange={(event) => {
          setCode(event.target.value);
          setIsEmpty(false);
        }}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
      />
      <Box>
        <Button type="submit" variant="contained">
          {t('giftCard.landing.show')}
        </Button>
      </Box>
    </Stack>
  );
}
