import type { BrandConfig } from '@signlink/brands/brand-config';
import type { Locale } from '@signlink/contracts/locales';
import type { i18n } from 'i18next';
import { type ApiClient, apiBaseUrl, createApiClient } from '../api/api-client.ts';
import { type AuthStore, authStorageKey, createAuthStore } from '../api/auth-store.ts';
import { createSession, type Session } from '../api/session.ts';
import { apiDialogsFrom, createDialogService, type DialogService } from '../components/dialogs/dialog-service.tsx';
import { createDialogStore, type DialogStore } from '../components/dialogs/dialog-store.ts';
import { type AppTexts, createAppI18n, currentLocale } from '../i18n/create-app-i18n.ts';
import { initialLanguage } from '../i18n/language-store.ts';

/**
 * What every frame shares, built once at start-up: the whole app's (create-app-services.ts) and a document link's
 * page's (recipient-app.tsx), which draws without TanStack Query and so does not load it.
 */
export interface BaseServices {
  brand: BrandConfig;
  i18n: i18n;
  authStore: AuthStore;
  dialogStore: DialogStore;
  dialogs: DialogService;
  apiClient: ApiClient;
  session: Session;
  /** Stops the session's timers and listening to other tabs (tests create many services on one window). */
  dispose(): void;
}

export interface AppServicesInput {
  brand: BrandConfig;
  window: Window;
  /** Defaults to /v2/ at the page's origin, which is the brand host (SPEC section 7). */
  apiBaseUrl?: string;
  retryDelayMs?: number;
  /** The language to start in; by default the stored choice or the browser's. */
  language?: Locale;
  /** The start language's texts at least (main.tsx loads them first); tests bundle every language. */
  texts: AppTexts;
}

/** `onAccountChanged`: another account signed in here or in another tab, so what screens show must load again. */
export function createBaseServices(
  { brand, window, apiBaseUrl: baseUrl, retryDelayMs, language, texts }: AppServicesInput,
  onAccountChanged: () => void = () => {},
): BaseServices {
  const storage = window.localStorage;
  const startLanguage = language ?? initialLanguage(storage, window.navigator.languages);
  const i18n = createAppI18n(startLanguage, storage, window.document, texts);
  const authStore = createAuthStore(storage);
  const dialogStore = createDialogStore();
  const dialogs = createDialogService(dialogStore);
  const apiDialogs = apiDialogsFrom(dialogs);
  const apiClient = createApiClient({
    baseUrl: baseUrl ?? apiBaseUrl(window.location.origin),
    authStore,
    dialogs: apiDialogs,
    getLanguage: () => currentLocale(i18n),
    retryDelayMs,
  });
  const session = createSession({ authStore, client: apiClient, dialogs: apiDialogs, onAccountChanged });
  // A token kept from an earlier visit: load who it belongs to (SPEC section 7, `GET user`).
  void session.start();
  // Another tab logged in, refreshed, switched account or logged out: this one follows.
  const followOtherTabs = (event: StorageEvent) => {
    if (event.storageArea !== storage || (event.key !== null && event.key !== authStorageKey)) return;
    if (authStore.reload()) void session.start();
  };
  window.addEventListener('storage', followOtherTabs);
  const dispose = () => {
    window.removeEventListener('storage', followOtherTabs);
    session.dispose();
  };
  return { brand, i18n, authStore, dialogStore, dialogs, apiClient, session, dispose };
}
