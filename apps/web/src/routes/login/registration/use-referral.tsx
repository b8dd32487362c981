import Alert from '@mui/material/Alert';
import { findReferralLinkDetailsRoute } from '@signlink/contracts/accounts/referral-links.routes';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { useApiQuery } from '../../../api/use-api-query.ts';
import { messageKeyOfFailure } from '../../../components/forms/form-error.tsx';
import { currentLocale } from '../../../i18n/create-app-i18n.ts';

/** The query parameter of a partner's shared link: `/createaccount?referral=<code>` (SPEC sections 3 and 6). */
export const referralParam = 'referral';

/** What the server accepts as a code; anything else is answered as an unknown link without asking. */
const referralCodePattern = /^[A-Za-z0-9]{8,64}$/;

/** The active link's code for the sign-up's steps that send the login payload (phone step 1, BankID e-mail step). */
const ReferralLinkContext = createContext<string | undefined>(undefined);
export const ReferralLinkProvider = ReferralLinkContext.Provider;
export function useReferralLinkId(): string | undefined {
  return useContext(ReferralLinkContext);
}

export interface Referral {
  /** The login payload's `referralLinkId`: only for a link the server shows as active. */
  referralLinkId?: string;
  /** The line above the sign-up: who invited them and the gift, or why the link does not count. */
  notice: ReactNode;
}

/**
 * The sign-up's referral link, looked up without a session. A disabled or unknown link says so with the catalogue's
 * message and the sign-up goes on without it (SPEC section 4: no one registers through a disabled link).
 */
export function useReferral(): Referral {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  // Codes are upper-case; a hand-typed lower-case one is the same link.
  const code = searchParams.get(referralParam)?.trim().toUpperCase() ?? '';
  const isWellFormed = referralCodePattern.test(code);
  const details = useApiQuery(
    findReferralLinkDetailsRoute,
    { params: { code } },
    { auth: 'client', silent: true },
    { enabled: isWellFormed, retry: false, staleTime: Number.POSITIVE_INFINITY },
  );
  if (!code) return { notice: null };

  if (details.data) {
    const amount = formatMoney(details.data.GiftCardValue, details.data.Currency, currentLocale(i18n));
    return {
      referralLinkId: details.data.Code,
      notice: (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {t('auth.registration.referral.invited', { partner: details.data.PartnerName, amount })}
        </Alert>
      ),
    };
  }
  if (isWellFormed && details.isPending) {
    return {
      notice: (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {t('auth.registration.referral.checking')}
        </Alert>
      ),
    };
  }
  const failure = isWellFormed ? details.error : new ApiError({ status: 404, code: 'NOT_FOUND', message: 'malformed' });
  // The disabled link's own message already says the account can be made without it.
  const saysHowToGoOn = failure instanceof ApiError && failure.code === 'REFERRAL_LINK_DISABLED';
  return {
    notice: (
      <Alert severity="warning" role="status" sx={{ mb: 2 }}>
        {t(messageKeyOfFailure(failure))}
        {saysHowToGoOn ? null : ` ${t('auth.registration.referral.continueWithout')}`}
      </Alert>
    ),
  };
}
