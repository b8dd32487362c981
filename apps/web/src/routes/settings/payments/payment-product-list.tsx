import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import type { PaymentProduct } from '@signlink/contracts/sign-pay/payment-products';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/create-app-i18n.ts';

/** The account's products: a table from the sm breakpoint up, one card each on a phone (SPEC section 2). */
export function PaymentProductList({ products }: { products: readonly PaymentProduct[] }) {
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  return isPhone ? <ProductCards products={products} /> : <ProductTable products={products} />;
}

function useProductTexts() {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  return {
    t,
    money: (minor: number, product: PaymentProduct) => formatMoney(minor, product.Currency, locale),
    vat: (product: PaymentProduct) => t('signPaySettings.products.vatPercent', { percent: product.VatPercent }),
    behavior: (product: PaymentProduct) => t(`signPaySettings.taxBehaviors.${product.TaxBehavior}`),
    use: (product: PaymentProduct) =>
      t(product.AllowMultipleUse ? 'signPaySettings.products.multipleUse' : 'signPaySettings.products.singleUse'),
  };
}

function ProductTable({ products }: { products: readonly PaymentProduct[] }) {
  const { t, money, vat, behavior, use } = useProductTexts();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('signPaySettings.products.heading')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('signPaySettings.products.columns.name')}</TableCell>
            <TableCell align="right">{t('signPaySettings.products.columns.price')}</TableCell>
            <TableCell align="right">{t('signPaySettings.products.columns.vat')}</TableCell>
            <TableCell>{t('signPaySettings.products.columns.taxBehavior')}</TableCell>
            <TableCell align="right">{t('signPaySettings.products.columns.total')}</TableCell>
            <TableCell>{t('signPaySettings.products.columns.use')}</TableCell>
            <TableCell align="right">{t('signPaySettings.products.columns.usedCount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {products.map((product) => (
            <TableRow key={product.Id}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {product.Name}
                {product.Description && (
                  <Typography variant="body2" color="text.secondary">
                    {product.Description}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(product.Price, product)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {vat(product)}
              </TableCell>
              <TableCell>{behavior(product)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(product.Total, product)}
              </TableCell>
              <TableCell>{use(product)}</TableCell>
              <TableCell align="right">{product.UsedCount}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ProductCards({ products }: { products: readonly PaymentProduct[] }) {
  const { t, money, vat, behavior, use } = useProductTexts();
  return (
    <Stack component="ul" spacing={1.5} aria-label={t('signPaySettings.products.heading')} sx={{ p: 0, m: 0 }}>
      {products.map((product) => (
        <Paper key={product.Id} component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{product.Name}</Typography>
          <Typography>{t('signPaySettings.products.totalLine', { amount: money(product.Total, product) })}</Typography>
          <Typography variant="body2" color="text.secondary">
            {[money(product.Price, product), vat(product), behavior(product), use(product)].join(' · ')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('signPaySettings.products.usedCount', { count: product.UsedCount })}
          </Typography>
        </Paper>
      ))}
    </Stack>
  );
}
