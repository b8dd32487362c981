import { ZLinkStatusResponse } from '@signlink/contracts/links/link-access';
import { ZLinkDetails } from '@signlink/contracts/links/link-details';
import {
  ZLinkPaymentsResponse,
  ZSignPayPaymentDetails,
  ZSignPayStatusResponse,
} from '@signlink/contracts/sign-pay/sign-pay';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAppAt } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer } from '../../../../test/test-http-server.ts';
import { keepAccess } from '../gate/access-session.ts';
import { paidDetails, requestView, signedAccess } from './sign-pay.test-helpers.tsx';

/**
 * The checkout sends the payer back to the link's page, a fresh page load: the RequestToken must be there again
 * without asking the gate anew (a gate's access is kept in this tab's sessionStorage, a gate-less link opens again).
 */
const details = (code: string, requireEmail: boolean) =>
  ZLinkDetails.parse({
    Code: code,
    PreviewCode: null,
    LinkName: 'Consultation',
    Language: 'en-us',
    OwnerData: { LogoUrl: null, ConsentMessage: null, CompanyName: 'Acme Law AB', PrivacyUrl: null },
    RequireBankID: false,
    RequireSMS: false,
    RequireEmail: requireEmail,
    PhoneNumberMasked: null,
    EmailAddressMasked: requireEmail ? 'a***@example.com' : null,
    AllowAlternativeDownload: false,
  });

/** No page sizes: the page draws no PDF page (pdf.js needs a browser), only what is around it. */
const pagelessAccess = () => {
  const access = signedAccess();
  return { ...access, Documents: access.Documents.map((file) => ({ ...file, PageSizes: [] })) };
};

async function startLinkServer() {
  return startTestHttpServer((request, response) => {
    const [, id = '', rest = ''] = /\/linktinker\/links\/([A-Z0-9]+)\/?([^?]*)/.exec(request.url) ?? [];
    const access = { ...pagelessAccess(), RequestToken: 'fresh-token' };
    if (rest === '') return sendJson(response, 200, details(id, id === 'EMAILGATE'));
    if (rest === 'access') return sendJson(response, 200, access);
    if (rest === 'count') return sendJson(response, 200, {});
    if (rest === 'status') return sendJson(response, 200, ZLinkStatusResponse.parse(access));
    if (rest === 'getpaid/payments') {
      const payments = { Payments: [requestView({ CanPay: false, Status: 'paid' })], AllSigned: true, AllPaid: true };
      return sendJson(response, 200, ZLinkPaymentsResponse.parse(payments));
    }
    if (rest === 'sign/pay/status') {
      return sendJson(
        response,
        200,
        ZSignPayStatusResponse.parse({ Outcome: 'success', Status: 'paid', AllPaid: true }),
      );
    }
    if (rest === 'payment/details') return sendJson(response, 200, ZSignPayPaymentDetails.parse(paidDetails));
    if (rest === 'access/file') {
      response.writeHead(200, { 'Content-Type': 'application/pdf' });
      return response.end('%PDF-1.7');
    }
    sendJson(response, 404, { code: 'NOT_FOUND', message: 'no', requestId: 'r' });
  });
}

const returnHash = (link: string) => `#/?link=${link}&signPayPayment=gpp_1&signPayReturn=success`;
const tokensOf = (bodies: string[]) =>
  bodies.map((body) => (JSON.parse(body) as { RequestToken: string }).RequestToken);

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the page the checkout sends the payer back to', () => {
  it('resumes a gated link with the access kept in this tab, without the gate', { timeout: 20_000 }, async () => {
    sessionStorage.clear();
    keepAccess(sessionStorage, 'EMAILGATE', { ...pagelessAccess(), RequestToken: 'kept-token' });
    const server = await startLinkServer();
    renderAppAt(returnHash('EMAILGATE'), { apiBaseUrl: server.apiBase });
    expect(await screen.findByRole('heading', { name: '✓ Payment received' }, { timeout: 8_000 })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.requests.some((request) => request.url.endsWith('/EMAILGATE/access'))).toBe(false);
    const statusCalls = server.requests.filter((request) => request.url.endsWith('/sign/pay/status'));
    expect(tokensOf(statusCalls.map((request) => request.body))).toContain('kept-token');
  });

  it('opens a gate-less link again and asks with its new token', { timeout: 20_000 }, async () => {
    sessionStorage.clear();
    const server = await startLinkServer();
    renderAppAt(returnHash('ABC123'), { apiBaseUrl: server.apiBase });
    expect(await screen.findByRole('heading', { name: '✓ Payment received' }, { timeout: 8_000 })).toBeTruthy();
    const statusCalls = server.requests.filter((request) => request.url.endsWith('/sign/pay/status'));
    expect(tokensOf(statusCalls.map((request) => request.body))).toEqual(['fresh-token']);
  });
});
