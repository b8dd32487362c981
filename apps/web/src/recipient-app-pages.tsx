import type { Locale } from '@signlink/contracts/locales';
import { loadWebLanguage } from '@signlink/i18n/web-language-loaders';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { type ReactNode, use, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createPath, type Navigator, Router, type To } from 'react-router';
import { useAuthStore } from './api/api-context.tsx';
import { createQueryClient } from './api/query-client.ts';
import { currentLocale } from './i18n/create-app-i18n.ts';
import { useHashLocation } from './lib/use-hash-location.ts';

const hrefOf = (to: To) => `#${typeof to === 'string' ? to : createPath(to)}`;

/** Every navigation is a change of hash, on which the recipient's frame hands the page to the whole app. */
const hashNavigator: Navigator = {
  createHref: hrefOf,
  go: (delta) => window.history.go(delta),
  push: (to) => {
    window.location.hash = hrefOf(to);
  },
  replace: (to) => window.location.replace(hrefOf(to)),
};

const wholeTexts = new WeakMap<i18n, Map<Locale, Promise<void>>>();

/**
 * The language's texts beside the recipient's sections, once per language. Should they fail to arrive, the page
 * shows with what it has rather than not at all.
 */
function loadWholeTexts(instance: i18n, language: Locale): Promise<void> {
  const byLanguage = wholeTexts.get(instance) ?? new Map<Locale, Promise<void>>();
  wholeTexts.set(instance, byLanguage);
  let loading = byLanguage.get(language);
  if (!loading) {
    loading = loadWebLanguage[language]().then(
      (texts) => {
        for (const [namespace, resources] of Object.entries(texts)) {
          instance.addResourceBundle(language, namespace, resources, true, true);
        }
      },
      () => undefined,
    );
    byLanguage.set(language, loading);
  }
  return loading;
}

/**
 * The app's own page inside the recipient's frame (routes/recipient/app-page-frame.ts): its header's links and menu
 * get a router over the hash, the query cache the menu reads accounts through, and the whole language's texts;
 * fetched only when such a page shows.
 */
export function AppPageFrame({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  use(loadWholeTexts(i18n, currentLocale(i18n)));
  const authStore = useAuthStore();
  const [queryClient] = useState(() => createQueryClient(authStore));
  const location = useHashLocation();
  return (
    <QueryClientProvider client={queryClient}>
      <Router location={location} navigator={hashNavigator}>
        {children}
      </Router>
    </QueryClientProvider>
  );
}
