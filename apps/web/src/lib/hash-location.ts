import { linkIdParam } from './entry-redirect.ts';

/** The route part of the page's hash (`#/path?query`), read as the hash router reads it. */
export interface HashLocation {
  pathname: string;
  search: string;
}

export function parseHashLocation(hash: string): HashLocation {
  let route = hash.startsWith('#') ? hash.slice(1) : hash;
  const fragmentAt = route.indexOf('#');
  if (fragmentAt >= 0) route = route.slice(0, fragmentAt);
  const queryAt = route.indexOf('?');
  const path = queryAt >= 0 ? route.slice(0, queryAt) : route;
  return {
    pathname: path.startsWith('/') ? path : `/${path}`,
    search: queryAt >= 0 ? route.slice(queryAt) : '',
  };
}

/** A document link (`#/?link=…`): the recipient's page, which main.tsx starts without the rest of the app. */
export function isRecipientLocation({ pathname, search }: HashLocation): boolean {
  return pathname === '/' && new URLSearchParams(search).has(linkIdParam);
}
