import { isIPv6 } from 'node:net';

/**
 * The key a client's requests are counted under: its IPv4 address, or the /64 network of an IPv6 one, since one
 * subscriber is handed a whole /64 and could otherwise take a fresh address for every request. Behind a proxy the
 * address is the one TRUST_PROXY lets Fastify read from X-Forwarded-For.
 */
export function clientKeyOf(ip: string): string {
  const mappedV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mappedV4?.[1]) return mappedV4[1];
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, `::` filled in, zone dropped, each without leading zeros. */
function expandIPv6(ip: string): string[] {
  const [address = ''] = ip.split('%');
  const [head = '', tail] = address.split('::');
  const groupsOf = (part: string) => (part ? part.split(':') : []);
  const headGroups = groupsOf(head);
  const tailGroups = tail === undefined ? [] : groupsOf(tail);
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array.from({ length: Math.max(0, missing) }, () => '0'), ...tailGroups];
  return groups.map((group) => (Number.parseInt(group, 16) || 0).toString(16));
}
