import type { BrandConfig } from './brand-config.ts';
import { pdfBlankett, signlink } from './brands.ts';

/** Local hosts that select the second brand; browsers resolve *.localhost to loopback (DECISIONS "Names and brands"). */
export const defaultSeBrandHosts: readonly string[] = ['pdfblankett.localhost'];

/** Host header or location.host, with or without a port. */
export function hostName(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(0, trimmed.indexOf(']') + 1);
  return trimmed.split(':')[0]?.replace(/\.$/, '') ?? '';
}

/** The second brand is chosen by a .se host (SPEC section 1), or a listed local host. */
export function resolveBrand(
  host: string | null | undefined,
  seBrandHosts: readonly string[] = defaultSeBrandHosts,
): BrandConfig {
  if (!host) return signlink;
  const name = hostName(host);
  if (name.endsWith('.se') || seBrandHosts.includes(name)) return pdfBlankett;
  return signlink;
}
