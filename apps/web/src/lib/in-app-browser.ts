import { hashRouteNames, linkIdParam } from './entry-redirect.ts';

/**
 * SPEC section 8: "Browser not supported (in-app browser)". Apps that open links in their own web view often block
 * what a signing needs: the BankID app's return to the browser, file downloads, pop-ups. Each is known by the mark
 * its web view adds to the user agent.
 */
export type DevicePlatform = 'android' | 'ios' | 'other';

export interface InAppBrowser {
  /** The app's name as people know it; a proper noun, the same in every language. */
  app: string;
  platform: DevicePlatform;
}

const inAppBrowsers: readonly { app: string; pattern: RegExp; iosOnly?: boolean }[] = [
  // Messenger's marks before Facebook's: its web view carries both.
  { app: 'Messenger', pattern: /FBAN\/Messenger|FB_IAB\/Orca|FBAN\/MessengerLite/ },
  { app: 'Facebook', pattern: /FBAN\/|FBAV\/|FB_IAB\/|FBIOS/ },
  { app: 'Instagram', pattern: /\bInstagram\b/ },
  { app: 'LinkedIn', pattern: /LinkedInApp/ },
  { app: 'LINE', pattern: /\bLine\/\d/ },
  { app: 'WeChat', pattern: /MicroMessenger\// },
  { app: 'TikTok', pattern: /musical_ly|BytedanceWebview|\btrill_\d|TikTok/ },
  { app: 'Snapchat', pattern: /Snapchat\// },
  { app: 'X', pattern: /\bTwitter for iP(?:hone|ad)\b|TwitterAndroid/ },
  // The Google app (and Gmail's links it opens) on iOS is a web view; on Android it hands pages to Chrome.
  { app: 'Google', pattern: /\bGSA\/\d/, iosOnly: true },
];

export function platformOf(userAgent: string): DevicePlatform {
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return 'ios';
  if (/\bAndroid\b/.test(userAgent)) return 'android';
  return 'other';
}

/** The in-app browser this user agent is, or null for a browser of its own. */
export function detectInAppBrowser(userAgent: string): InAppBrowser | null {
  const platform = platformOf(userAgent);
  const found = inAppBrowsers.find(
    (candidate) => candidate.pattern.test(userAgent) && (!candidate.iosOnly || platform === 'ios'),
  );
  return found ? { app: found.app, platform } : null;
}

/**
 * The address without the hash route, which an intent cannot carry (its own `#Intent;…` takes the fragment): a
 * document link as its entry path (`/ABC123`), a screen of SPEC section 2's entry list as its path (`/login`); the
 * entry redirect (entry-redirect.ts) turns each back into the hash route.
 */
export function entryPathOf(href: string): string {
  const url = new URL(href);
  const route = url.hash.startsWith('#/') ? url.hash.slice(1) : '';
  const [routePath = '', routeQuery = ''] = route.split('?');
  const params = new URLSearchParams(routeQuery);
  const link = params.get(linkIdParam);
  if (routePath === '/' && link) {
    params.delete(linkIdParam);
    const rest = params.toString();
    return `/${encodeURIComponent(link)}${rest ? `?${rest}` : ''}`;
  }
  const first = routePath.split('/')[1] ?? '';
  if ((hashRouteNames as readonly string[]).includes(first)) return route;
  return `${url.pathname}${url.search}`;
}

/**
 * An Android intent that opens `href` in Chrome, or where Chrome is missing in the default browser (the fallback
 * URL). Android's in-app web views follow intent:// links out of the app.
 */
export function androidIntentUrl(href: string): string {
  const url = new URL(href);
  const scheme = url.protocol.replace(':', '');
  const fallback = `${url.origin}${entryPathOf(href)}`;
  return `intent://${url.host}${entryPathOf(href)}#Intent;scheme=${scheme};package=com.android.chrome;S.browser_fallback_url=${encodeURIComponent(fallback)};end`;
}
