import { signPayReturnParams } from '@signlink/contracts/sign-pay/sign-pay';
import { AppError } from '../../errors.ts';

/** The recipient page is the web app's `/#/?link=CODE` (apps/web/src/lib/entry-redirect.ts, `linkIdParam`). */
const recipientLinkParam = 'link';

/**
 * Where a checkout sends the payer back: only this link's own page on the host the payer came through (the app's
 * recipient route naming the link). Anything else, another site or another screen, is a forged return address
 * and INVALID_URL: a checkout must never become a way to send people elsewhere.
 */
export function checkedReturnUrl(returnUrl: string, input: { origin: string; linkId: string }): URL {
  let url: URL;
  try {
    url = new URL(returnUrl);
  } catch {
    throw new AppError('INVALID_URL', { details: { field: 'ReturnUrl' } });
  }
  const [hashPath = '', hashQuery = ''] = url.hash.split('?');
  const linkParam = new URLSearchParams(hashQuery).get(recipientLinkParam);
  const isOurs =
    url.origin === input.origin &&
    url.pathname === '/' &&
    !url.username &&
    !url.password &&
    hashPath === '#/' &&
    linkParam?.toUpperCase() === input.linkId.toUpperCase();
  if (!isOurs) throw new AppError('INVALID_URL', { details: { field: 'ReturnUrl' } });
  return url;
}

/** The return address with our payment's id and the way back in the hash route's query (earlier ones replaced). */
export function returnUrlWith(url: URL, input: { paymentId: string; returned: 'success' | 'cancel' }): string {
  const [hashPath, hashQuery = ''] = url.hash.split('?');
  const query = new URLSearchParams(hashQuery);
  query.set(signPayReturnParams.payment, input.paymentId);
  query.set(signPayReturnParams.returned, input.returned);
  return `${url.origin}${url.pathname}${url.search}${hashPath}?${query.toString()}`;
}
