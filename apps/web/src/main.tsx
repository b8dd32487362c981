import { resolveBrand } from '@signlink/brands/resolve-brand';
import type { Locale } from '@signlink/contracts/locales';
import { loadRecipientLanguage, loadWebLanguage } from '@signlink/i18n/web-language-loaders';
import { applyBrandToDocument } from './brand/apply-brand-to-document.ts';
import { readSeBrandHosts } from './brand/read-se-brand-hosts.ts';
import { initialLanguage } from './i18n/language-store.ts';
import { entryRedirect, linkIdParam } from './lib/entry-redirect.ts';
import { isRecipientLocation, parseHashLocation } from './lib/hash-location.ts';
import { normaliseLinkId } from './lib/link-id.ts';
import { startPdfWorkerEarly } from './lib/pdf-worker-port.ts';
import { documentLanguageOf, type LinkPreload, preloadLink } from './routes/recipient/preload-link.ts';

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
 * What a document link's first page waits for, all begun at once instead of each behind the one before: the link's
 * calls (preload-link.ts), the viewer's chunk, pdf.js and its worker. A chunk that fails to load here is fetched
 * again by the page that needs it, which shows its own error.
 */
function preloadRecipient(search: string, language: Locale): LinkPreload | null {
  const linkId = normaliseLinkId(new URLSearchParams(search).get(linkIdParam));
  const preload = linkId ? preloadLink({ linkId, language, window }) : null;
  startPdfWorkerEarly();
  import('./routes/recipient/viewer/pdf-canvas.tsx').catch(() => undefined);
  import('./routes/recipient/signing/recipient-document.tsx').catch(() => undefined);
  return preload;
}

/**
 * The language the recipient's page starts in: the document's when its details came while the page's chunks loaded
 * (usually) and the person has not chosen one here, so the page does not switch, and redraw, once it has them.
 */
function recipientLanguage(preload: LinkPreload | null, language: Locale): Locale {
  const details = preload?.arrivedDetails();
  return (details && documentLanguageOf(details, window.localStorage)) || language;
}

/**
 * Two frames, each its own chunk: a document link (`#/?link=…`, most visitors' only screen) starts the recipient's
 * page alone, with its chunk, texts and first calls fetched side by side; every other route the whole app.
 */
async function start() {
  applyBrandToDocument(document, brand);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html lacks #root');
  const startLanguage = initialLanguage(window.localStorage, window.navigator.languages);
  const location = parseHashLocation(window.location.hash);
  if (!isRecipientLocation(location)) return startFullApp(container, startLanguage);
  const preload = preloadRecipient(location.search, startLanguage);
  const [{ startRecipientApp }] = await Promise.all([
    import('./recipient-app.tsx'),
    loadRecipientLanguage[startLanguage](),
  ]);
  const language = recipientLanguage(preload, startLanguage);
  const texts = await loadRecipientLanguage[language]();
  startRecipientApp({
    brand,
    language,
    container,
    texts: { bundled: { [language]: texts }, load: (next) => loadRecipientLanguage[next]() },
    onLeave: (shown) => void startFullApp(container, shown),
  });
}

if (!followEntryRedirect()) void start();
