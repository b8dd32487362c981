import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ApiProvider } from '../api/api-context.tsx';
import { SessionProvider } from '../api/session-context.tsx';
import { BrandProvider } from '../brand/brand-context.tsx';
import { createBrandTheme } from '../brand/create-brand-theme.ts';
import type { AppServices } from '../lib/create-app-services.ts';
import { DialogHost } from './dialogs/dialog-host.tsx';
import { DialogsProvider } from './dialogs/dialogs-context.tsx';
import { SessionExpiryDialog } from './session/session-expiry-dialog.tsx';

/** The contexts every screen relies on, and the dialog host beside the page. */
export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  const theme = useMemo(() => createBrandTheme(services.brand), [services.brand]);
  return (
    <BrandProvider value={services.brand}>
      <I18nextProvider i18n={services.i18n}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <QueryClientProvider client={services.queryClient}>
            <ApiProvider client={services.apiClient} authStore={services.authStore}>
              <SessionProvider session={services.session}>
                <DialogsProvider value={services.dialogs}>
                  {children}
                  <SessionExpiryDialog />
                  <DialogHost store={services.dialogStore} />
                </DialogsProvider>
              </SessionProvider>
            </ApiProvider>
          </QueryClientProvider>
        </ThemeProvider>
      </I18nextProvider>
    </BrandProvider>
  );
}
