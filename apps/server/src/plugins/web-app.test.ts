import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

let testApp: TestApp;
let webRoot: string;

beforeAll(async () => {
  webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'signlink-web-'));
  await fs.mkdir(path.join(webRoot, 'assets'));
  await fs.writeFile(
    path.join(webRoot, 'index.html'),
    '<html><head><meta name="signlink:se-brand-hosts" content="pdfblankett.localhost"></head><body>app</body></html>',
  );
  await fs.writeFile(path.join(webRoot, 'assets', 'main-abc123.js'), 'console.log(1)');
  await fs.writeFile(path.join(webRoot, 'robots.txt'), 'User-agent: *');
  await fs.mkdir(path.join(webRoot, 'brands'));
  await fs.writeFile(path.join(webRoot, 'brands', 'signlink-logo.png'), 'png');
  testApp = await buildTestApp({ webRoot, env: { SE_BRAND_HOSTS: 'forms.test,pdfblankett.localhost' } });
});
afterAll(async () => {
  await testApp?.close();
  await fs.rm(webRoot, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('serves the app at / with the configured second-brand hosts and no caching', async () => {
    const response = await testApp.app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('content="forms.test,pdfblankett.localhost"');
  });

  it('serves the app for a link id path, so the page can open the recipient view', async () => {
    for (const url of ['/ABC123', '/login?next=1', '/resetpin/xyz']) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<body>app</body>');
    }
  });

  it('serves built files exactly, fingerprinted ones as immutable', async () => {
    const asset = await testApp.app.inject({ url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    const robots = await testApp.app.inject({ url: '/robots.txt' });
    expect(robots.body).toBe('User-agent: *');
    expect(robots.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('lets brand logos load on other origins, as e-mails in webmail show them', async () => {
    const logo = await testApp.app.inject({ url: '/brands/signlink-logo.png' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    for (const url of ['/v2/unknown', '/v2', '/sim/nothing']) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code, url).toBe('ROUTE_NOT_FOUND');
    }
  });

  it('sends a strict content security policy with every page', async () => {
    const response = await testApp.app.inject({ url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
