import { signPayReturnParams, signPayReturns } from '@signlink/contracts/sign-pay/sign-pay';

export type SignPayReturn = { paymentId: string; returned: (typeof signPayReturns)[number] };

/** The hash route's query (`#/?link=…&signPayPayment=…`), where the checkout's way back puts its params. */
function splitHash(hash: string): { route: string; query: URLSearchParams } {
  const at = hash.indexOf('?');
  return at < 0
    ? { route: hash, query: new URLSearchParams() }
    : { route: hash.slice(0, at), query: new URLSearchParams(hash.slice(at + 1)) };
}

/** How the payer came back from the checkout, if this page is that way back. */
export function readSignPayReturn(hash: string): SignPayReturn | null {
  const { query } = splitHash(hash);
  const paymentId = query.get(signPayReturnParams.payment);
  const returned = query.get(signPayReturnParams.returned);
  const known = signPayReturns.find((value) => value === returned);
  return paymentId && known ? { paymentId, returned: known } : null;
}

/**
 * The address the checkout sends the payer back to: this link's page as it is, without an earlier return's params
 * (the server adds its own and refuses an address that is not this link's page on our host: INVALID_URL).
 */
export function signPayReturnUrl(href: string): string {
  const url = new URL(href);
  const { route, query } = splitHash(url.hash);
  query.delete(signPayReturnParams.payment);
  query.delete(signPayReturnParams.returned);
  const rest = query.toString();
  url.hash = rest ? `${route}?${rest}` : route;
  return url.toString();
}
