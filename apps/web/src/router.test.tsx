import { pdfBlankett } from '@signlink/brands/brands';
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authStateFor } from '../test/auth-fixtures.ts';
import { renderAppAt } from '../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../test/test-http-server.ts';
import { routeTable } from './routes/route-table.ts';

/** Answers `GET user`, for the screens that need an account. */
let server: TestHttpServer;
beforeAll(async () => {
  server = await startTestHttpServer((_request, response) => sendJson(response, 200, authStateFor()), {
    forWholeFile: true,
  });
});
afterAll(() => server.close());

describe('routes', () => {
  it('shows a not-found page for an unknown hash route', async () => {
    renderAppAt('#/no-such-screen');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the start page' }).getAttribute('href')).toBe('#/dashboard');
  });

  it("leads the not-found page home to the second brand's home there", async () => {
    renderAppAt('#/templates/x/y/z', { brand: pdfBlankett });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the start page' }).getAttribute('href')).toBe('#/pdfblankett');
  });

  it('has every route of SPEC section 2 and DECISIONS', () => {
    const paths = routeTable.map((route) => route.path);
    for (const path of [
      '/bankid',
      '/createaccount',
      '/login',
      '/giftcard/:lang?/:code?',
      '/resetpin/:code',
      '/sign-and-send',
      '/register/:id',
      '/pdfblankett',
      '/help',
      '/sent',
      '/templates',
      '/links',
      '/inbox',
      '/logger',
      '/archived',
      '/document/:id',
      '/document/:id/assistant',
      '/create',
      '/dashboard',
      '/welcome',
      '/',
      '/report/:id',
      '/preview/*',
      '/bankidclose',
      '/paymentsuccess',
      '/paymentreturn',
      '/subscriptionpaymentreturn',
      '/paymentcancelled',
      '/oauth',
      '/templates/create',
      '/templates/:id/edit',
      '/links/create',
      '/links/:id/edit',
      '/verify',
      '/contacts',
      '/settings/*',
      '/billing/*',
    ]) {
      expect(paths, path).toContain(path);
    }
  });

  it('shows the incorrect-link error page when the recipient view has no link id', async () => {
    renderAppAt('#/?x=1');
    expect(await screen.findByRole('dialog', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('The link is invalid or has no valid document.')).toBeTruthy();
  });

  it('shows the PDF-blankett landing page', async () => {
    renderAppAt('#/pdfblankett', { brand: pdfBlankett });
    expect(await screen.findByRole('heading', { name: 'Fill in and sign PDF forms online' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('#/login');
  });

  it('opens the debug window when the query has debugme', async () => {
    renderAppAt('#/help?debugme', { brand: pdfBlankett });
    const region = await screen.findByRole('region', { name: 'Debug information' });
    expect(region.textContent).toContain('PDF-blankett');
    expect(region.textContent).toContain('en-us');
    expect(region.textContent).toContain('/help');
  });

  it('keeps the debug window hidden otherwise', async () => {
    renderAppAt('#/help');
    await screen.findByRole('heading', { name: 'Help centre' });
    expect(screen.queryByRole('region', { name: 'Debug information' })).toBeNull();
  });
});
