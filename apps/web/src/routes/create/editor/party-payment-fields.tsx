import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePayeeAccount, usePaymentProducts } from '../../../api/sign-pay-api.ts';
import { FormError } from '../../../components/forms/form-error.tsx';
import { PaymentProductDialog } from '../../../components/sign-pay/payment-product-dialog.tsx';
import { currentLocale } from '../../../i18n/create-app-i18n.ts';
import type { DraftParty, PartyChanges } from './editor-state.ts';

/** The app's hash route (router.tsx's hash history), so the link works wherever the card is rendered. */
const paymentsSettingsHref = '#/settings/payments';

/** Matches ZDraftParty's GetPaidLabel. */
const getPaidLabelMaxLength = 120;

/**
 * A Get-paid party's payment (SPEC section 3, `paymentLinkId` and `getPaidLabel`): the product they pay, picked from
 * the account's usable products or made here, and the words the payer sees. Payments go to the account's own Stripe
 * account, so without one connected the document cannot be sent: said here, where the sender asks for payment.
 */
export function PartyPaymentFields({ party, update }: { party: DraftParty; update: (changes: PartyChanges) => void }) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const products = usePaymentProducts();
  const account = usePayeeAccount();
  const [isCreating, setIsCreating] = useState(false);
  const chosenId = party.PaymentProductId ?? '';
  // A single-use product already asked for elsewhere is no longer offered, unless this party holds it already.
  const offered = (products.data?.PaymentLinks ?? []).filter((product) => product.Usable || product.Id === chosenId);
  const chosen = offered.find((product) => product.Id === chosenId);

  return (
    <Stack spacing={1.5}>
      {account.data && account.data.Status !== 'connected' && (
        <Alert severity="warning" role="note">
          {t('editor.parties.notConnected')}{' '}
          <Link href={paymentsSettingsHref} color="inherit">
            {t('editor.parties.connectLink')}
          </Link>
        </Alert>
      )}
      <TextField
        select
        size="small"
        label={t('editor.parties.paymentProduct')}
        value={chosen ? chosenId : ''}
        onChange={(event) => update({ PaymentProductId: event.target.value || null })}
        disabled={!products.data}
        helperText={products.data && offered.length === 0 ? t('editor.parties.noProducts') : undefined}
      >
        {offered.map((product) => (
          <MenuItem key={product.Id} value={product.Id}>
            {t('editor.parties.paymentProductOption', {
              name: product.Name,
              total: formatMoney(product.Total, product.Currency, locale),
            })}
          </MenuItem>
        ))}
      </TextField>
      {products.data?.CanCreate && (
        <Button size="small" variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={() => setIsCreating(true)}>
          {t('editor.parties.newProduct')}
        </Button>
      )}
      <TextField
        size="small"
        label={t('editor.parties.getPaidLabel')}
        value={party.GetPaidLabel ?? ''}
        placeholder={chosen?.Name}
        onChange={(event) => update({ GetPaidLabel: event.target.value })}
        slotProps={{ htmlInput: { maxLength: getPaidLabelMaxLength } }}
      />
      {products.isError && <FormError error={products.error} />}
      {isCreating && products.data && (
        <PaymentProductDialog
          currency={products.data.Currency}
          onClose={() => setIsCreating(false)}
          onCreated={(product) => {
            setIsCreating(false);
            update({ PaymentProductId: product.Id });
          }}
        />
      )}
    </Stack>
  );
}
