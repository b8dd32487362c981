import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { useSignedInUser } from '../../api/session-context.tsx';
import { HelpLink } from '../../components/help/help-link.tsx';
import { PageLayout } from '../../components/layout/page-layout.tsx';
import { pageTabsProps } from '../../components/layout/page-tabs.ts';
import { AddOnsSection } from './add-ons-section.tsx';
import { BalanceSection } from './balance-section.tsx';
import { GiftCardsSection } from './gift-cards-section.tsx';
import { InvoiceCustomerSection } from './invoice-customer-section.tsx';
import { InvoicesSection } from './invoices-section.tsx';
import { PricePlanSection } from './price-plan-section.tsx';
import { ReceiptsSection } from './receipts-section.tsx';
import { TransactionFeesSection } from './transaction-fees-section.tsx';

/** SPEC section 2, Billing, in its order; each is `/billing/<section>`. */
const sections = [
  { path: 'balance', key: 'balance' },
  { path: 'gift-cards', key: 'giftCards' },
  { path: 'price-plan', key: 'pricePlan' },
  { path: 'add-ons', key: 'addOns' },
  { path: 'receipts', key: 'receipts' },
  { path: 'invoices', key: 'invoices' },
  { path: 'payments', key: 'payments' },
  { path: 'transaction-fees', key: 'transactionFees' },
  { path: 'invoice-customer', key: 'invoiceCustomer' },
] as const;

/**
 * /billing/{section}: SPEC section 2's Billing, one section at a time: balance, gift cards, price plan, add-ons,
 * receipts, invoices, payments made, transaction fees and invoice customer registration. `/billing` and an unknown
 * section open the balance.
 */
export function BillingPage() {
  const { t } = useTranslation();
  const auth = useSignedInUser();
  const wanted = useParams()['*'];
  const section = sections.find((candidate) => candidate.path === wanted);
  // On a phone eight sections never fit: the scroll buttons are there from the first paint (settings-layout.tsx).
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  if (!section) return <Navigate to="/billing/balance" replace />;

  return (
    <PageLayout>
      <Box sx={{ width: '100%', maxWidth: 960, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 5 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, mb: 0.5 }}>
          {t('routes.billing')}
        </Typography>
        {auth && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {auth.user.AccountName}
          </Typography>
        )}
        <HelpLink slug="billing" />
        <Tabs
          value={section.path}
          {...pageTabsProps}
          scrollButtons={isPhone ? true : 'auto'}
          aria-label={t('billing.tabsLabel')}
        >
          {sections.map((item) => (
            <Tab
              key={item.path}
              value={item.path}
              label={t(`billing.tabs.${item.key}`)}
              component={RouterLink}
              to={`/billing/${item.path}`}
            />
          ))}
        </Tabs>
        {section.key === 'balance' && <BalanceSection />}
        {section.key === 'giftCards' && <GiftCardsSection />}
        {section.key === 'pricePlan' && <PricePlanSection />}
        {section.key === 'addOns' && <AddOnsSection />}
        {section.key === 'receipts' && <ReceiptsSection headingKey="receipts" />}
        {section.key === 'invoices' && <InvoicesSection />}
        {section.key === 'payments' && (
          // Payments made: what was paid by card (receipts) and what was billed by invoice.
          <Stack spacing={4}>
            <ReceiptsSection headingKey="payments" />
            <InvoicesSection isPart />
          </Stack>
        )}
        {section.key === 'transactionFees' && <TransactionFeesSection />}
        {section.key === 'invoiceCustomer' && <InvoiceCustomerSection />}
      </Box>
    </PageLayout>
  );
}
