import { defaultSeBrandHosts } from '@signlink/brands/resolve-brand';

export const seBrandHostsMetaName = 'signlink:se-brand-hosts';

/**
 * The server rewrites this meta tag from its SE_BRAND_HOSTS setting, so the page picks the same brand the server did
 * without an extra request. A missing or empty tag falls back to the built-in local hosts.
 */
export function readSeBrandHosts(doc: Document): readonly string[] {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${seBrandHostsMetaName}"]`)?.content ?? '';
  const hosts = content
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  return hosts.length > 0 ? hosts : defaultSeBrandHosts;
}
