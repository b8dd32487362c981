import { resolveBrand } from '@signlink/brands/resolve-brand';
import type { Locale } from '@signlink/contracts/locales';
import { loadRecipientLanguage, loadWebLanguage } from '@signlink/i18n/web-language-loaders';
import { applyBrandToDocument } from './brand/apply-brand-to-document.ts';
import { readSeBrandHosts } from './brand/read-se-brand-hosts.ts';
import { initialLanguage } from './i18n/language-store.ts';
import { entryRedirect } from './lib/entry-redirect.ts';
import { isRecipientLocation, parseHashLocation } from './lib/hash-location.ts';

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

/** The whole app in `language`; its texts are fetched before the first render, so nothing shows untranslated. */
async function startFullApp(container: HTMLElement, language: Locale) {
  const [{ startFullApp: start }, texts] = await Promise.all([import('./full-app.tsx'), loadWebLanguage[language]()]);
  start({
    brand,
    language,
    container,
    texts: { bundled: { [language]: texts }, load: (next) => loadWebLanguage[next]() },
  });
}

/**
 * Two frames, each its own chunk: a document link (`#/?link=…`, most visitors' only screen) starts the recipient's
 * page alone, with its chunk and texts fetched side by side; every other route the whole app.
 */
async function start() {
  applyBrandToDocument(document, brand);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html lacks #root');
  const language = initialLanguage(window.localStorage, window.navigator.languages);
  if (!isRecipientLocation(parseHashLocation(window.location.hash))) return startFullApp(container, language);
  const [{ startRecipientApp }, texts] = await Promise.all([
    import('./recipient-app.tsx'),
    loadRecipientLanguage[language](),
  ]);
  startRecipientApp({
    brand,
    language,
    container,
    texts: { bundled: { [language]: texts }, load: (next) => loadRecipientLanguage[next]() },
    onLeave: (shown) => void startFullApp(container, shown),
  });
}

if (!followEntryRedirect()) void start();
