import type { LinkAccessResponse, LinkSignatureSlot } from '@signlink/contracts/links/link-access';
import { ZLinkCodeResponse, ZLinkValidateCodeResponse } from '@signlink/contracts/links/link-gate';
import {
  type SignPayOutcome,
  type SignPayRequestView,
  ZLinkPaymentsResponse,
  ZSignPayPaymentDetails,
  ZSignPayResponse,
  ZSignPayStatusResponse,
} from '@signlink/contracts/sign-pay/sign-pay';
import { screen } from '@testing-library/react';
import { accessFixture } from '../../../../test/recipient-fixtures.ts';
import { renderWithApp } from '../../../../test/render-app.tsx';
import { type RecordedRequest, sendJson, startTestHttpServer } from '../../../../test/test-http-server.ts';
import { RecipientDocument } from '../signing/recipient-document.tsx';
import { RecipientPageCanvasContext } from '../viewer/page-canvas-context.tsx';

export const emailKey = 'email-key-aaaaaaaaaaaaaaaaaa';
export const verifiedKey = 'verified-key-bbbbbbbbbbbbbbbb';
export const checkoutUrl = 'https://checkout.stripe.test/c/pay/cs_test_1';

const slot = (index: number, label: string, extra: Partial<LinkSignatureSlot> = {}): LinkSignatureSlot => ({
  index,
  type: 4,
  label,
  hasDefaultLabel: false,
  filledValues: {},
  access: false,
  fields: [],
  signed: true,
  signedAt: '2026-11-21T09:30:00.000Z',
  nameClarificationIsConfirmed: false,
  clarifiedName: null,
  paid: false,
  requiresPayment: false,
  paymentLinkId: null,
  getPaidLabel: null,
  requireEmailVerification: false,
  ...extra,
});

/** Two parties signed; Anna (slot 1) pays 1 250,00 SEK for the consultation, or is someone else when `isPayer` is false. */
export function signedAccess({ isPayer = true, allPaid = false } = {}): LinkAccessResponse {
  const paying = { requiresPayment: true, paymentLinkId: 'plink_1', getPaidLabel: 'Consultation' };
  return {
    ...accessFixture,
    UserData: [{ Type: 'emailAddress', Value: 'anna@example.com' }],
    Documents: [
      { Title: 'Consultation', Code: 'FILE1', PageCount: 1, PageSizes: [{ width: 595, height: 842 }], Rules: null },
    ],
    Signatures: [slot(0, 'Sven', { access: !isPayer }), slot(1, 'Anna', { ...paying, access: isPayer })],
    Aggregates: { ...accessFixture.Aggregates, allSigned: true, anySigned: true, userAllSigned: true, allPaid },
    State: 'completed',
    SealedPdfAvailable: true,
  };
}

export const requestView = (extra: Partial<SignPayRequestView> = {}): SignPayRequestView => ({
  SignatureIndex: 1,
  Label: 'Consultation',
  ProductName: 'Consultation, one hour',
  Description: 'Advice on the lease',
  Net: 100_000,
  Vat: 25_000,
  VatPercent: 25,
  Total: 125_000,
  Currency: 'SEK',
  TaxBehavior: 'exclusive',
  PayeeName: 'Acme Law AB',
  Status: 'unpaid',
  CanPay: true,
  GetPaidPaymentId: null,
  PaidAt: null,
  RequireEmailVerification: false,
  ...extra,
});

export interface SignPayServerOptions {
  payment?: SignPayRequestView;
  /** The outcomes `sign/pay/status` answers in turn; the last one stays. */
  outcomes?: SignPayOutcome[];
  /** A catalogue refusal of `sign/pay`. */
  startError?: { status: number; code: string };
  /** `payment/details` answers 503: the receipt does not load. */
  isReceiptDown?: boolean;
}

const statusOf: Record<SignPayOutcome, 'open' | 'pending' | 'paid' | 'failed' | 'cancelled'> = {
  open: 'open',
  pending: 'pending',
  success: 'paid',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** The four payment calls and the e-mail proof, answered through the contracts' schemas as the server would. */
export async function startSignPayServer(options: SignPayServerOptions) {
  const { outcomes = ['success'], startError, isReceiptDown } = options;
  const pending = [...outcomes];
  return startTestHttpServer((request, response) => {
    const path = request.url.replace(/\?.*$/, '').replace('/v2/linktinker/links/ABC123/', '');
    if (path === 'getpaid/payments') {
      // Read at each call: a test may change the payment meanwhile (someone else paid).
      const payment = options.payment ?? requestView();
      const answer = { Payments: [payment], AllSigned: true, AllPaid: payment.Status === 'paid' };
      return sendJson(response, 200, ZLinkPaymentsResponse.parse(answer));
    }
    if (path === 'sign/pay' && startError) {
      return sendJson(response, startError.status, { code: startError.code, message: 'no', requestId: 'req-9' });
    }
    if (path === 'sign/pay') {
      return sendJson(response, 200, ZSignPayResponse.parse({ GetPaidPaymentId: 'gpp_1', CheckoutUrl: checkoutUrl }));
    }
    if (path === 'sign/pay/status') {
      const outcome = (pending.length > 1 ? pending.shift() : pending[0]) ?? 'open';
      const answer = { Outcome: outcome, Status: statusOf[outcome], AllPaid: outcome === 'success' };
      return sendJson(response, 200, ZSignPayStatusResponse.parse(answer));
    }
    if (path === 'payment/details' && isReceiptDown) {
      return sendJson(response, 503, { code: 'SERVICE_UNAVAILABLE', message: 'no', requestId: 'req-8' });
    }
    if (path === 'payment/details') {
      return sendJson(response, 200, ZSignPayPaymentDetails.parse(paidDetails));
    }
    if (path === 'validation/email')
      return sendJson(response, 200, ZLinkCodeResponse.parse({ ClientAccessKey: emailKey }));
    if (path === 'validation/validate') {
      const answer = { ClientAccessKey: verifiedKey, Type: 'email', Use: 'contact' };
      return sendJson(response, 200, ZLinkValidateCodeResponse.parse(answer));
    }
    if (path === 'access/file') {
      response.writeHead(200, { 'Content-Type': 'application/pdf' });
      return response.end('%PDF-1.7');
    }
    sendJson(response, 404, { code: 'NOT_FOUND', message: 'no', requestId: 'r' });
  });
}

export const paidDetails = {
  GetPaidPaymentId: 'gpp_1',
  SignatureIndex: 1,
  Status: 'paid',
  ProductName: 'Consultation, one hour',
  Net: 100_000,
  Vat: 25_000,
  VatPercent: 25,
  Total: 125_000,
  Currency: 'SEK',
  PayeeName: 'Acme Law AB',
  ProviderPaymentId: 'pi_3Qtest123',
  ReceiptEmail: 'anna@example.com',
  PaidAt: '2026-11-27T10:15:00.000Z',
  RefundedAt: null,
};

/** The link's page at `hash` (a way back from the checkout, or none), the document signed by everyone. */
export async function openSignPay(
  options: SignPayServerOptions & { hash?: string; isPayer?: boolean; allPaid?: boolean } = {},
) {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', `/${options.hash ?? '#/?link=ABC123'}`);
  const server = await startSignPayServer(options);
  renderWithApp(
    <RecipientPageCanvasContext.Provider value={() => null}>
      <RecipientDocument
        linkId="ABC123"
        access={signedAccess({ isPayer: options.isPayer, allPaid: options.allPaid })}
        onAccessExpired={() => undefined}
      />
    </RecipientPageCanvasContext.Provider>,
    { apiBaseUrl: server.apiBase },
  );
  await screen.findByText(/The document is signed|Signed and paid/);
  return server;
}

export const bodiesTo = (requests: RecordedRequest[], path: string) =>
  requests.filter((request) => request.url.endsWith(path)).map((request) => JSON.parse(request.body) as unknown);
