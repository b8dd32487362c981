import type { BrandConfig } from '@signlink/brands/brand-config';
import type { Locale } from '@signlink/contracts/locales';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './components/app-providers.tsx';
import type { AppTexts } from './i18n/create-app-i18n.ts';
import { createAppServices } from './lib/create-app-services.ts';
import { createAppRouter } from './router.tsx';

/** What main.tsx hands either frame: the brand, the start language with its texts, and where to draw. */
export interface AppStart {
  brand: BrandConfig;
  language: Locale;
  texts: AppTexts;
  container: HTMLElement;
}

/** Every screen, behind the hash router: the frame of all routes but a document link's (recipient-app.tsx). */
export function startFullApp({ brand, language, texts, container }: AppStart): void {
  const services = createAppServices({ brand, window, language, texts });
  createRoot(container).render(
    <StrictMode>
      <AppProviders services={services}>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>,
  );
}
