import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AppServices } from '../lib/create-app-services.ts';
import { BaseProviders } from './base-providers.tsx';
import { CookieConsentHost } from './cookie-consent/cookie-consent-host.tsx';
import { MaintenanceGate } from './maintenance/maintenance-gate.tsx';

/** The contexts every screen of the whole app relies on: the base ones, and TanStack Query's cache. */
export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <QueryClientProvider client={services.queryClient}>
      <BaseProviders services={services}>
        <MaintenanceGate>
          {children}
          <CookieConsentHost />
        </MaintenanceGate>
      </BaseProviders>
    </QueryClientProvider>
  );
}
