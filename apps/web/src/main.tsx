import { resolveBrand } from '@signlink/brands/resolve-brand';
import type { Locale } from '@signlink/contracts/locales';
import { loadWebLanguage } from '@signlink/i18n/web-language-loaders';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { applyBrandToDocument } from './brand/apply-brand-to-document.ts';
import { readSeBrandHosts } from './brand/read-se-brand-hosts.ts';
import { AppProviders } from './components/app-providers.tsx';
import { initialLanguage } from './i18n/language-store.ts';
import { createAppServices } from './lib/create-app-services.ts';
import { entryRedirect, linkIdParam } from './lib/entry-redirect.ts';
import { createAppRouter } from './router.tsx';

const brand = resolveBrand(window.location.host, readSeBrandHosts(document));

/** Moves to the hash route before the router starts (SPEC section 2); true when the page is about to reload. */
function followEntryRedirect(): boolean {
  const target = entryRedirect(window.location, brand.homeRoute);
  if (!target) return false;
  const next = new URL(target, window.location.href);
  // A query the server saw stays a reload (it may matter to it); a path such as a link's `/ABC123` is only the
  // app's to read, so it is rewritten in place: no second load of the page before the recipient's document.
  if (next.search !== window.location.search) {
    window.location.replace(next.href);
    return true;
  }
  window.history.replaceState(null, '', next.href);
  return false;
}

/** The page's language is fetched before the first render, so nothing shows untranslated; the others when chosen. */
async function start() {
  applyBrandToDocument(document, brand);
  // A document link (`#/?link=…`) is most visitors' only screen: its chunk loads alongside the texts, not after them.
  if (new URLSearchParams(window.location.hash.split('?')[1] ?? '').has(linkIdParam)) {
    void import('./routes/recipient/recipient-page.tsx');
  }
  const language = initialLanguage(window.localStorage, window.navigator.languages);
  const texts = {
    bundled: { [language]: await loadWebLanguage[language]() },
    load: (next: Locale) => loadWebLanguage[next](),
  };
  const services = createAppServices({ brand, window, language, texts });
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html lacks #root');
  createRoot(root).render(
    <StrictMode>
      <AppProviders services={services}>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>,
  );
}

if (!followEntryRedirect()) void start();
