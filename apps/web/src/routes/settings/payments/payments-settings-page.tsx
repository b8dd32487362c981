import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePaymentProducts } from '../../../api/sign-pay-api.ts';
import { FormError } from '../../../components/forms/form-error.tsx';
import { PaymentProductDialog } from '../../../components/sign-pay/payment-product-dialog.tsx';
import { SettingsLayout } from '../settings-layout.tsx';
import { PayeeAccountSection } from './payee-account-section.tsx';
import { PaymentProductList } from './payment-product-list.tsx';

/**
 * /settings/payments: Sign & Pay's side of the account (SPEC section 3 "Payment link / product"): the Stripe account
 * payments go to, and the products a paying party is asked for.
 */
export function PaymentsSettingsPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout section="payments" title={t('settings.title')}>
      {() => (
        <Stack spacing={3}>
          <PayeeAccountSection />
          <PaymentProductsSection />
        </Stack>
      )}
    </SettingsLayout>
  );
}

function PaymentProductsSection() {
  const { t } = useTranslation();
  const products = usePaymentProducts();
  const [isCreating, setIsCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  return (
    <Stack component="section" spacing={1.5} aria-labelledby="payment-products-heading">
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography id="payment-products-heading" variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('signPaySettings.products.heading')}
        </Typography>
        {products.data?.CanCreate && (
          <Button variant="outlined" onClick={() => setIsCreating(true)}>
            {t('signPaySettings.products.new')}
          </Button>
        )}
      </Stack>
      <Typography color="text.secondary">{t('signPaySettings.products.intro')}</Typography>
      {created && (
        <Alert severity="success" role="status" onClose={() => setCreated(null)}>
          {t('signPaySettings.products.created', { name: created })}
        </Alert>
      )}
      {products.isError && <FormError error={products.error} />}
      {products.data?.PaymentLinks.length === 0 && (
        <Typography color="text.secondary">{t('signPaySettings.products.empty')}</Typography>
      )}
      {products.data && products.data.PaymentLinks.length > 0 && (
        <PaymentProductList products={products.data.PaymentLinks} />
      )}
      {isCreating && products.data && (
        <PaymentProductDialog
          currency={products.data.Currency}
          onClose={() => setIsCreating(false)}
          onCreated={(product) => {
            setIsCreating(false);
            setCreated(product.Name);
          }}
        />
      )}
    </Stack>
  );
}
