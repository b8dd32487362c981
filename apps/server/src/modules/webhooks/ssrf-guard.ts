import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The webhook SSRF guard (issue 26, part 4), failing closed: a URL is used only when it is https, carries no
 * credentials or secrets, and every address its name resolves to is public unicast. The caller connects to the
 * address checked here (safe-request.ts), so a second DNS answer (rebinding) never counts.
 */

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** dns.lookup with `all: true` in production; tests pass a stub. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

export type UrlRefusal =
  | 'unparsable'
  | 'scheme'
  | 'userinfo'
  | 'secret-in-url'
  | 'local-name'
  | 'unresolvable'
  | 'private-address';

export class UrlRefusedError extends Error {
  constructor(
    readonly reason: UrlRefusal,
    /** The URL without its query or fragment: safe to log. */
    readonly redactedUrl: string,
  ) {
    super(`webhook URL refused (${reason}): ${redactedUrl}`);
    this.name = 'UrlRefusedError';
  }
}

export interface GuardOptions {
  isProduction: boolean;
  resolve?: Resolver;
  /**
   * Tests: loopback receivers (127.0.0.0/8, ::1) and http are allowed. Impossible in production: the guard throws,
   * and configuration refuses WEBHOOKS_ALLOW_LOOPBACK there too.
   */
  allowLoopback?: boolean;
  /**
   * Development: this server's own dev webhook inbox (`<origin>/v2/dev/webhooks/inbox/…`), the one exemption the
   * issue allows; ignored in production.
   */
  devInboxOrigin?: string;
}

/** The address the request must go to, with the name kept for TLS (SNI) and the Host header. */
export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

export const devInboxPath = '/v2/dev/webhooks/inbox/';

// Query names that carry credentials: a secret in a URL ends up in logs and proxies, so the URL is refused.
const secretParam = /token|secret|passw|pwd|api[-_]?key|^key$|[-_]key$|signature|^sig$|auth|credential|session/i;

/** The URL without query, fragment or userinfo, for logs and error details. */
export function redactUrl(raw: string): string {
  try {
    const url = new URL(raw);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return '(unparsable URL)';
  }
}

/**
 * Whether an address may be connected to: public unicast only. IPv4-mapped, IPv4-compatible and the IPv6 ranges
 * that embed or translate an IPv4 address (6to4, NAT64, Teredo) are refused whole rather than decoded: no webhook
 * receiver needs them, and refusing them cannot be got wrong.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  // ::a.b.c.d (IPv4-compatible, deprecated): ipaddr.js calls it unicast.
  if (v6.parts.slice(0, 6).every((part) => part === 0)) return false;
  return v6.range() === 'unicast';
}

function isLoopbackAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.parse(address).range() === 'loopback';
}

function parse(raw: string): URL {
  try {
    return new URL(raw);
  } catch {
    throw new UrlRefusedError('unparsable', redactUrl(raw));
  }
}

function isDevInbox(url: URL, options: GuardOptions): boolean {
  if (options.isProduction || !options.devInboxOrigin) return false;
  return url.origin === new URL(options.devInboxOrigin).origin && url.pathname.startsWith(devInboxPath);
}

/** What can be said of a URL without DNS: run first, so a malformed URL never reaches the resolver. */
export function checkUrlShape(raw: string, options: GuardOptions): URL {
  if (options.isProduction && options.allowLoopback)
    throw new Error('Loopback webhooks are never allowed in production');
  const url = parse(raw);
  const redacted = redactUrl(raw);
  const mayUseHttp = !options.isProduction && (options.allowLoopback || isDevInbox(url, options));
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && mayUseHttp)) {
    throw new UrlRefusedError('scheme', redacted);
  }
  if (url.username || url.password) throw new UrlRefusedError('userinfo', redacted);
  for (const name of url.searchParams.keys()) {
    if (secretParam.test(name)) throw new UrlRefusedError('secret-in-url', redacted);
  }
  return url;
}

/**
 * Checks a webhook URL and returns the address to connect to. Throws UrlRefusedError when any resolved address is
 * not public (one bad answer is enough: the connection could take any of them).
 */
export async function checkWebhookUrl(raw: string, options: GuardOptions): Promise<CheckedTarget> {
  const url = checkUrlShape(raw, options);
  const redacted = redactUrl(raw);
  // WHATWG URL already turned decimal, octal and hex IPv4 spellings into dotted quads; IPv6 keeps its brackets.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const exempt = isDevInbox(url, options);
  const literal = isIP(host);
  if (!literal && !exempt && (host === 'localhost' || host.endsWith('.localhost'))) {
    throw new UrlRefusedError('local-name', redacted);
  }
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolver)(host);
    } catch {
      throw new UrlRefusedError('unresolvable', redacted);
    }
  }
  if (addresses.length === 0) throw new UrlRefusedError('unresolvable', redacted);
  const mayUseLoopback = !options.isProduction && (options.allowLoopback || exempt);
  for (const { address } of addresses) {
    if (isPublicAddress(address)) continue;
    if (mayUseLoopback && isLoopbackAddress(address)) continue;
    throw new UrlRefusedError('private-address', redacted);
  }
  const [first] = addresses as [ResolvedAddress, ...ResolvedAddress[]];
  return { url, address: first.address, family: first.family };
}
