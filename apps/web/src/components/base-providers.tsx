import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ApiProvider } from '../api/api-context.tsx';
import { SessionProvider } from '../api/session-context.tsx';
import { BrandProvider } from '../brand/brand-context.tsx';
import { createBrandTheme } from '../brand/create-brand-theme.ts';
import type { BaseServices } from '../lib/create-base-services.ts';
import { DialogHost } from './dialogs/dialog-host.tsx';
import { DialogsProvider } from './dialogs/dialogs-context.tsx';
import { SessionExpiryDialog } from './session/session-expiry-dialog.tsx';

/**
 * The contexts every frame's screens rely on, and the dialog host beside the page: the recipient's page's
 * (recipient-app.tsx) and, inside TanStack Query's, the whole app's (app-providers.tsx).
 */
export function BaseProviders({ services, children }: { services: BaseServices; children: ReactNode }) {
  return (
    <BrandProvider value={services.brand}>
      <I18nextProvider i18n={services.i18n}>
        <BrandThemeProvider brand={services.brand}>
          <CssBaseline />
          <ApiProvider client={services.apiClient} authStore={services.authStore}>
            <SessionProvider session={services.session}>
              <DialogsProvider value={services.dialogs}>
                {children}
                <SessionExpiryDialog />
                <DialogHost store={services.dialogStore} />
              </DialogsProvider>
            </SessionProvider>
          </ApiProvider>
        </BrandThemeProvider>
      </I18nextProvider>
    </BrandProvider>
  );
}

/** The brand's theme in the language shown: the spinners' name changes with it. */
function BrandThemeProvider({ brand, children }: { brand: BaseServices['brand']; children: ReactNode }) {
  const { t } = useTranslation();
  const loading = t('states.loading');
  const theme = useMemo(() => createBrandTheme(brand, { loading }), [brand, loading]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
