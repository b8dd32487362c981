import { createHash, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demo, desktop, en, fill, logInAsDemo, openInLanguage, phoneContext, sv } from './support/app-steps.ts';
import { screenshot } from './support/browser.ts';
import { useBrowserJourney } from './support/journey.ts';

/**
 * Issue 26 in a browser: a company administrator makes an API key and the test's own code (an integration) calls the
 * API with it, sees the refused call in the developer log, receives a signed test webhook in the development inbox,
 * and registers an OAuth app that acts for them after consent (PKCE S256) until they revoke it. On a phone, under the
 * second brand in Swedish, the same screens fit and the consent screen's Deny sends the person back refused.
 */
const journey = useBrowserJourney();

/** The app's redirect address: nothing listens there, the browser's visit is answered by the test (page.route). */
const redirectUri = 'http://localhost:9/callback';

/** The server's API from Node, on its IPv4 address (saveDemoLanguage says why). */
const api = (path: string) => `${journey.server.apiBase}${path}`;
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function demoToken(): Promise<string> {
  const login = await fetch(api('oauth/generatetoken'), {
    method: 'POST',
    headers: { Authorization: basic('signlink-web', ''), 'Content-Type': 'application/json' },
    body: JSON.stringify(demo),
  });
  expect(login.status).toBe(200);
  return ((await login.json()) as { accessToken: string }).accessToken;
}

/** RFC 7636: a random verifier and its S256 challenge, as an OAuth client library makes them. */
function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function consentAddress(origin: string, clientId: string, challenge: string) {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: 'documents:read',
    state: 'xyz',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return `${origin}/#/oauth?${query}`;
}

/** The redirect the consent screen sends the browser to, answered with a small page of the "app"'s own. */
async function catchRedirect(page: Page) {
  await page.route('http://localhost:9/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Acme CRM</title><main><h1>Back in Acme CRM</h1></main></html>',
    }),
  );
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function makeApiKey(page: Page) {
  await page.getByRole('button', { name: en.apiClients.new }).click();
  const form = page.getByRole('dialog', { name: en.apiClients.dialog.newTitle });
  await form.getByRole('textbox', { name: en.apiClients.dialog.name }).fill('ERP');
  // Full access is the default; the field says so.
  await form.getByText(en.apiClients.accessLevels.full).waitFor();
  await form.getByRole('button', { name: en.apiClients.dialog.create }).click();
  const shown = page.getByRole('dialog', { name: fill(en.apiClients.secret.title, { name: 'ERP' }) });
  const clientId = await shown.getByRole('textbox', { name: en.apiClients.columns.clientId }).inputValue();
  const secret = await shown.getByRole('textbox', { name: en.apiClients.secret.label }).inputValue();
  expect(clientId).toMatch(/^cli_/);
  await screenshot(page, 'developer-api-key-secret-desktop');
  await shown.getByRole('button', { name: en.apiClients.secret.done }).click();
  await page.getByRole('listitem', { name: 'ERP' }).getByText(clientId).waitFor();
  return { clientId, secret };
}

describe('developer platform (issue 26)', () => {
  it('makes an API key, a webhook and an OAuth app, and sees each work from outside the browser', {
    timeout: 240_000,
  }, async () => {
    const { page, problems } = await openInLanguage(journey, desktop, 'en-us');
    const origin = journey.server.url;
    await logInAsDemo(page, en, origin);
    await page.getByRole('button', { name: fill(en.userMenu.open, { name: 'Demo Admin' }) }).click();
    await page.getByRole('menuitem', { name: en.userMenu.settings }).click();
    await page.getByRole('tab', { name: en.integration.tab }).click();
    const sections = page.getByRole('list', { name: en.integration.sections });
    for (const key of ['apiKeys', 'webhooks', 'oauthApps', 'authorisedApps', 'developerLog', 'apiDocs'] as const) {
      await sections.getByRole('link', { name: en.integration[key].title }).waitFor();
    }
    await screenshot(page, 'developer-integration-desktop');

    // API keys: the secret shown once works as an integration uses it, on the routes open to integrations only.
    await sections.getByRole('link', { name: en.integration.apiKeys.title }).click();
    await page.waitForURL(/#\/settings\/api-keys$/);
    const key = await makeApiKey(page);
    const asKey = { Authorization: basic(key.clientId, key.secret) };
    expect((await fetch(api('linktinker/errands'), { headers: asKey })).status).toBe(200);
    const refused = await fetch(api('linktinker/app/account/users'), { headers: asKey });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('API_CLIENT_NOT_ALLOWED');

    await page.goto(`${origin}/#/logger`);
    await page.getByRole('heading', { name: en.routes.logger, level: 1 }).waitFor();
    const row = page
      .getByRole('table', { name: en.developerLog.label })
      .getByRole('row')
      .filter({ hasText: '/v2/linktinker/app/account/users' });
    await row.getByText('API_CLIENT_NOT_ALLOWED').waitFor();
    await row.getByRole('rowheader', { name: 'ERP' }).waitFor();
    await row.getByRole('cell', { name: '403', exact: true }).waitFor();
    await screenshot(page, 'developer-log-desktop');

    // Webhooks: a test event to this development server's own inbox, signed with the endpoint's secret.
    await page.goto(`${origin}/#/settings/webhooks`);
    await page.getByRole('button', { name: en.webhooks.add }).click();
    const form = page.getByRole('dialog', { name: en.webhooks.addTitle });
    const hookUrl = `${origin}/v2/dev/webhooks/inbox/e2e`;
    await form.getByRole('textbox', { name: en.webhooks.url }).fill(hookUrl);
    await expect(form.getByRole('checkbox', { name: en.webhooks.event.completed }).isChecked()).resolves.toBe(true);
    await form.getByRole('button', { name: en.webhooks.addSubmit }).click();
    const secretDialog = page.getByRole('dialog', { name: en.webhooks.secretTitle });
    expect(await secretDialog.getByRole('textbox', { name: en.webhooks.secretLabel }).inputValue()).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: en.webhooks.done }).click();
    const card = page.getByRole('article', { name: hookUrl });
    await card.getByText(en.webhooks.event.completed).waitFor();
    await card.getByRole('button', { name: en.webhooks.sendTest }).click();
    await page.getByRole('status').filter({ hasText: en.webhooks.testSent }).waitFor();
    await card.getByRole('button', { name: en.webhooks.showLog }).click();
    await card
      .getByRole('listitem')
      .filter({ hasText: 'webhook.test' })
      .getByText(en.webhooks.deliveryStatus.delivered, { exact: true })
      .first()
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'developer-webhooks-desktop');

    await page.goto(`${origin}/#/dev/webhooks`);
    const received = page.getByRole('listitem', { name: 'webhook.test' }).first();
    await received.getByText(fill(en.webhooks.dev.inbox, { name: 'e2e' })).waitFor();
    await received.getByText(en.webhooks.dev.signatureValid).waitFor();
    await screenshot(page, 'developer-webhook-inbox-desktop');

    // OAuth: an app registered here, allowed on the consent screen, its code exchanged by the "app" (this test).
    await page.goto(`${origin}/#/settings/oauth-apps`);
    const register = page.getByRole('form', { name: en.oauth.apps.register });
    await register.getByRole('textbox', { name: en.oauth.apps.name }).fill('Acme CRM');
    await register.getByRole('textbox', { name: en.oauth.apps.redirectUri }).fill(redirectUri);
    await register.getByRole('button', { name: en.oauth.apps.register }).click();
    const once = page.getByRole('alert').filter({ hasText: fill(en.oauth.apps.secretOnce, { name: 'Acme CRM' }) });
    const shownValue = async (label: string) =>
      ((await once.getByText(`${label}: `).textContent()) ?? '').slice(label.length + 2).trim();
    const clientId = await shownValue(en.oauth.apps.clientId);
    const clientSecret = await shownValue(en.oauth.apps.clientSecret);
    expect(clientId).not.toBe('');
    expect(clientSecret).not.toBe('');
    await page.getByRole('region', { name: 'Acme CRM' }).getByText(redirectUri).waitFor();
    await screenshot(page, 'developer-oauth-apps-desktop');

    const { verifier, challenge } = pkce();
    await catchRedirect(page);
    await page.goto(consentAddress(origin, clientId, challenge));
    const consent = page.getByRole('region', { name: fill(en.oauth.consent.asks, { app: 'Acme CRM' }) });
    await consent.getByText(en.oauth.consent.scopes.documentsRead).waitFor();
    await screenshot(page, 'developer-oauth-consent-desktop');
    await consent.getByRole('button', { name: en.oauth.consent.allow }).click();
    await page.waitForURL(/^http:\/\/localhost:9\/callback\?/);
    const back = new URL(page.url());
    expect(back.searchParams.get('state')).toBe('xyz');
    const code = back.searchParams.get('code') ?? '';
    expect(code).not.toBe('');

    const exchanged = await fetch(api('oauth/token'), {
      method: 'POST',
      headers: {
        Authorization: basic(clientId, clientSecret),
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      }),
    });
    expect(exchanged.status).toBe(200);
    const { access_token: accessToken } = (await exchanged.json()) as { access_token: string };
    const asApp = { Authorization: `Bearer ${accessToken}` };
    expect((await fetch(api('linktinker/errands'), { headers: asApp })).status).toBe(200);

    await page.goto(`${origin}/#/settings/authorised-apps`);
    const grant = page.getByRole('region', { name: 'Acme CRM' });
    await grant.getByText(en.oauth.consent.scopes.documentsRead).waitFor();
    await screenshot(page, 'developer-authorised-apps-desktop');
    await grant.getByRole('button', { name: fill(en.oauth.grants.revokeApp, { name: 'Acme CRM' }) }).click();
    await page
      .getByRole('status')
      .filter({ hasText: fill(en.oauth.grants.revoked, { name: 'Acme CRM' }) })
      .waitFor();
    await page.getByText(en.oauth.grants.empty).waitFor();
    expect((await fetch(api('linktinker/errands'), { headers: asApp })).status).toBe(401);
    expect(problems).toEqual([]);
  });

  it('fits the developer screens on a phone under PDF-blankett in Swedish, and a denied app is told so', {
    timeout: 180_000,
  }, async () => {
    // An app of the demo's company, registered through the API as its administrator could.
    const created = await fetch(api('linktinker/app/api/platforms'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${await demoToken()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ Name: 'Fakturaappen', RedirectUri: redirectUri }),
    });
    expect(created.status).toBe(201);
    const { ClientId: clientId } = (await created.json()) as { ClientId: string };

    const { page, problems } = await openInLanguage(journey, phoneContext, 'sv');
    const origin = `http://pdfblankett.localhost:${journey.server.port}`;
    await logInAsDemo(page, sv, origin);
    const screens = [
      ['settings/api-keys', sv.apiClients.heading, 'developer-api-keys-phone-sv'],
      ['settings/webhooks', sv.webhooks.heading, 'developer-webhooks-phone-sv'],
      ['logger', sv.routes.logger, 'developer-log-phone-sv'],
    ] as const;
    for (const [path, heading, name] of screens) {
      await page.goto(`${origin}/#/${path}`);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      expect(await sideways(page), path).toBeLessThanOrEqual(0);
      await screenshot(page, name);
    }
    // The API is the brand's own, as the person knows it.
    await page.goto(`${origin}/#/settings/api-keys`);
    await page.getByText(fill(sv.apiClients.intro, { brandName: 'PDF-blankett' })).waitFor();

    await catchRedirect(page);
    await page.goto(consentAddress(origin, clientId, pkce().challenge));
    const consent = page.getByRole('region', { name: fill(sv.oauth.consent.asks, { app: 'Fakturaappen' }) });
    await consent.getByText(sv.oauth.consent.scopes.documentsRead).waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'developer-oauth-consent-phone-sv');
    await consent.getByRole('button', { name: sv.oauth.consent.deny }).click();
    await page.waitForURL(/^http:\/\/localhost:9\/callback\?/);
    const back = new URL(page.url());
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('xyz');
    expect(back.searchParams.get('code')).toBeNull();
    expect(problems).toEqual([]);
  });
});
