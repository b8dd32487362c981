import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe('OpenAPI', () => {
  it('is generated from the route schemas and lists only /v2 paths', async () => {
    const response = await testApp.app.inject({ url: '/v2/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const paths = Object.keys(document.paths);
    expect(paths).toContain('/v2/health');
    expect(paths.every((p) => p.startsWith('/v2/'))).toBe(true);
    const health = document.paths['/v2/health'].get.responses['200'].content['application/json'].schema;
    const resolved = health.$ref ? document.components.schemas[health.$ref.split('/').pop()] : health;
    expect(resolved.properties.database.properties.driver.enum).toEqual(['pglite', 'postgres']);
  });

  it("shows the API client routes, and which routes take a client's Basic credentials as well as a token", async () => {
    const document = (await testApp.app.inject({ url: '/v2/docs/json' })).json();
    const clients = document.paths['/v2/linktinker/app/api/clients'];
    expect(Object.keys(clients).sort()).toEqual(['get', 'post']);
    expect(clients.post.security).toEqual([{ bearer: [] }]);
    for (const [path, method] of [
      ['/v2/linktinker/files', 'post'],
      ['/v2/linktinker/links', 'post'],
      ['/v2/linktinker/errands/{id}', 'get'],
      ['/v2/linktinker/errands/{id}/sealed-pdf', 'get'],
    ] as const) {
      expect(document.paths[path][method].security, path).toEqual([{ bearer: [] }, { clientCredentials: [] }]);
    }
    expect(document.paths['/v2/linktinker/app/account/users'].get.security).toEqual([{ bearer: [] }]);
    expect(document.components.securitySchemes.clientCredentials).toEqual({ type: 'http', scheme: 'basic' });
    expect(document.info.description).toContain('grant_type=client_credentials');
  });

  it('serves the documentation page at /v2/docs', async () => {
    const response = await testApp.app.inject({ url: '/v2/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});

describe('OpenAPI when API_DOCS is off (the production default, issue 20)', () => {
  let hidden: TestApp;
  beforeAll(async () => {
    hidden = await buildTestApp({ env: { API_DOCS: 'false' } });
  });
  afterAll(async () => {
    await hidden?.close();
  });

  it('serves neither the document nor its page', async () => {
    for (const url of ['/v2/docs/json', '/v2/docs/', '/v2/docs']) {
      const response = await hidden.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
    }
    expect((await hidden.app.inject({ url: '/v2/health' })).statusCode).toBe(200);
  });
});
