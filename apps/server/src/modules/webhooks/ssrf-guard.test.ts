import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.ts';
import { guardOptionsOf } from './deliver-webhook.job.ts';
import { checkWebhookUrl, type Resolver, type UrlRefusal, UrlRefusedError } from './ssrf-guard.ts';

/** A stub DNS: names map to the addresses given; anything else does not resolve. */
const dns: Record<string, string[]> = {
  'hooks.example.com': ['93.184.215.14'],
  'example.com': ['93.184.215.14'],
  'internal.example.com': ['10.0.0.1'],
  'split.example.com': ['93.184.215.14', '192.168.1.20'],
  'metadata.example.com': ['169.254.169.254'],
  'cgnat.example.com': ['100.64.0.1'],
  'v6.example.com': ['2606:4700:4700::1111'],
  'mapped.example.com': ['::ffff:10.0.0.1'],
  localhost: ['127.0.0.1'],
};
const resolve: Resolver = async (name) => {
  const addresses = dns[name];
  if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};
const production = { isProduction: true, resolve };

async function refusalOf(url: string, options = production): Promise<UrlRefusal | 'accepted'> {
  try {
    await checkWebhookUrl(url, options);
    return 'accepted';
  } catch (error) {
    if (error instanceof UrlRefusedError) return error.reason;
    throw error;
  }
}

describe('the webhook SSRF guard (issue 26, part 4)', () => {
  it.each<[string, UrlRefusal]>([
    ['http://127.0.0.1/', 'scheme'],
    ['http://hooks.example.com/', 'scheme'],
    ['ftp://hooks.example.com/file', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['not a url', 'unparsable'],
    ['https://127.0.0.1/', 'private-address'],
    ['https://2130706433/', 'private-address'],
    ['https://0177.0.0.1/', 'private-address'],
    ['https://0x7f.0.0.1/', 'private-address'],
    ['https://127.1/', 'private-address'],
    ['https://[::ffff:127.0.0.1]/', 'private-address'],
    ['https://[::ffff:7f00:1]/', 'private-address'],
    ['https://[::127.0.0.1]/', 'private-address'],
    ['https://[::1]/', 'private-address'],
    ['https://[::]/', 'private-address'],
    ['https://0.0.0.0/', 'private-address'],
    ['https://localhost/', 'local-name'],
    ['https://api.localhost/', 'local-name'],
    ['https://internal.example.com/', 'private-address'],
    ['https://split.example.com/', 'private-address'],
    ['https://mapped.example.com/', 'private-address'],
    ['https://169.254.169.254/latest/meta-data', 'private-address'],
    ['https://metadata.example.com/', 'private-address'],
    ['https://100.64.0.1/', 'private-address'],
    ['https://cgnat.example.com/', 'private-address'],
    ['https://172.16.5.4/', 'private-address'],
    ['https://192.168.0.1/', 'private-address'],
    ['https://224.0.0.1/', 'private-address'],
    ['https://255.255.255.255/', 'private-address'],
    ['https://240.0.0.1/', 'private-address'],
    ['https://192.0.2.10/', 'private-address'],
    ['https://198.18.0.1/', 'private-address'],
    ['https://[fd00::1]/', 'private-address'],
    ['https://[fe80::1]/', 'private-address'],
    ['https://[ff02::1]/', 'private-address'],
    ['https://[2001:db8::1]/', 'private-address'],
    ['https://[64:ff9b::a00:1]/', 'private-address'],
    ['https://[2002:a00:1::]/', 'private-address'],
    ['https://user:pass@example.com/', 'userinfo'],
    ['https://user@example.com/', 'userinfo'],
    ['https://example.com/hook?token=abc', 'secret-in-url'],
    ['https://example.com/hook?a=1&API_KEY=abc', 'secret-in-url'],
    ['https://example.com/hook?access_token=abc', 'secret-in-url'],
    ['https://example.com/hook?signature=abc', 'secret-in-url'],
    ['https://example.com/hook?password=abc', 'secret-in-url'],
    ['https://unknown.example.net/', 'unresolvable'],
  ])('refuses %s (%s)', async (url, reason) => {
    expect(await refusalOf(url)).toBe(reason);
  });

  it('accepts a public https address, by name or literal, and answers the address to connect to', async () => {
    const target = await checkWebhookUrl('https://hooks.example.com/signlink?tenant=7', production);
    expect(target).toMatchObject({ address: '93.184.215.14', family: 4 });
    expect(target.url.hostname).toBe('hooks.example.com');
    expect(await refusalOf('https://v6.example.com/')).toBe('accepted');
    expect(await refusalOf('https://[2606:4700:4700::1111]/')).toBe('accepted');
    expect(await refusalOf('https://93.184.215.14:8443/x')).toBe('accepted');
  });

  it('keeps the secret out of the refusal: the URL it names has no query', async () => {
    const error = await checkWebhookUrl('https://example.com/hook?token=s3cr3t', production).catch((e) => e);
    expect(error).toBeInstanceOf(UrlRefusedError);
    expect(error.redactedUrl).toBe('https://example.com/hook');
    expect(error.message).not.toContain('s3cr3t');
  });

  it('lets tests reach loopback over http only outside production', async () => {
    const testing = { isProduction: false, allowLoopback: true, resolve };
    expect(await refusalOf('http://127.0.0.1:4000/hook', testing)).toBe('accepted');
    expect(await refusalOf('http://[::1]:4000/hook', testing)).toBe('accepted');
    // Loopback only: the private ranges stay refused.
    expect(await refusalOf('http://10.0.0.1/hook', testing)).toBe('private-address');
    expect(await refusalOf('http://127.0.0.1/', { isProduction: false, resolve })).toBe('scheme');
    await expect(checkWebhookUrl('https://example.com/', { ...production, allowLoopback: true })).rejects.toThrow(
      /never allowed in production/,
    );
  });

  it('refuses the loopback exemption in a production configuration', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', WEBHOOKS_ALLOW_LOOPBACK: 'true', SIMULATORS: 'false' })).toThrow(
      /WEBHOOKS_ALLOW_LOOPBACK/,
    );
    const test = loadConfig({ NODE_ENV: 'test', WEBHOOKS_ALLOW_LOOPBACK: 'true' });
    expect(guardOptionsOf(test)).toMatchObject({ isProduction: false, allowLoopback: true });
  });

  it("exempts this server's dev inbox outside production, and nothing else on its origin", async () => {
    const dev = { isProduction: false, devInboxOrigin: 'http://localhost:3000', resolve };
    expect(await refusalOf('http://localhost:3000/v2/dev/webhooks/inbox/mine', dev)).toBe('accepted');
    expect(await refusalOf('http://localhost:3000/v2/linktinker/app/api/webhooks', dev)).toBe('scheme');
    expect(await refusalOf('http://localhost:3001/v2/dev/webhooks/inbox/mine', dev)).toBe('scheme');
    expect(await refusalOf('http://localhost:3000/v2/dev/webhooks/inbox/mine', { ...dev, isProduction: true })).toBe(
      'scheme',
    );
  });
});
