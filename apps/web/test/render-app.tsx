import type { BrandConfig } from '@signlink/brands/brand-config';
import { signlink } from '@signlink/brands/brands';
import { webResources } from '@signlink/i18n/web-resources';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
// Not 'react-router/dom': under Vitest it loads the ESM build while 'react-router' loads the CJS one, and the two
// builds do not share the router context. The DOM variant only adds flushSync, which no test needs.
import { RouterProvider } from 'react-router';
import { AppProviders } from '../src/components/app-providers.tsx';
import { type AppServices, createAppServices } from '../src/lib/create-app-services.ts';
import { createAppRouter } from '../src/router.tsx';
import { endAfterTest } from './test-lifecycle.ts';

export interface TestAppOptions {
  brand?: BrandConfig;
  apiBaseUrl?: string;
}

/** The app's real services for the jsdom window; the API client gets no pause before its extra try. */
export function createTestServices({ brand = signlink, apiBaseUrl }: TestAppOptions = {}): AppServices {
  const services = createAppServices({
    brand,
    window,
    // Every language at hand, so a test's switch of language shows at once.
    texts: { bundled: webResources },
    apiBaseUrl: apiBaseUrl ?? 'http://127.0.0.1:9/v2/',
    retryDelayMs: 0,
  });
  endAfterTest(services.dispose);
  return services;
}

/** Renders `ui` inside every provider the app has, and returns the services for inspection. */
export function renderWithApp(ui: ReactNode, options: TestAppOptions = {}) {
  const services = createTestServices(options);
  const result = render(<AppProviders services={services}>{ui}</AppProviders>);
  return { ...result, services };
}

/** Renders the whole app on a hash route, as main.tsx does after the entry redirect. */
export function renderAppAt(hash: string, options: TestAppOptions = {}) {
  window.location.hash = hash;
  return renderWithApp(<RouterProvider router={createAppRouter()} />, options);
}

/** Opens a dialog from outside React, as the API client does, inside act() so React renders it at once. */
export function openInAct<T>(open: () => Promise<T>): Promise<T> {
  let pending: Promise<T> | undefined;
  act(() => {
    pending = open();
  });
  return pending as Promise<T>;
}
