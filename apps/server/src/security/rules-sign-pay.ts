import {
  insertTestProduct,
  seedPayableDocument,
  testReturnUrl,
} from '../modules/sign-pay/sign-pay-world.test-helpers.ts';
import type { AccessRules, MemberName } from './access-rules.ts';
import { requestTokenRule } from './link-rule-kinds.ts';
import type { World } from './security-world-test-helpers.ts';

/** Those who make documents, templates and public links make the products they ask for (SPEC section 6). */
const makers: MemberName[] = ['admin', 'regular', 'contributor'];

const productRequest = () => ({ Name: 'Deposit', TaxCode: 'se-vat-25', Price: 500_00, TaxBehavior: 'inclusive' });

async function productOfA(world: World) {
  const product = await insertTestProduct(world.testApp, world.a.admin.accountId);
  return { params: { id: product.id } };
}

/** A payable document of A's whose payer (L1) started a checkout: the status and details calls name its payment. */
async function startedPayment(world: World) {
  const subject = await seedPayableDocument(world.testApp, world.owner);
  const reply = await world.testApp.app.inject({
    method: 'POST',
    url: `/v2/linktinker/links/${subject.l1.code}/sign/pay`,
    payload: {
      RequestToken: subject.l1.token,
      SignatureIndex: 0,
      AcceptTerms: true,
      ReturnUrl: testReturnUrl(world.testApp, subject.l1.code),
    },
  });
  if (reply.statusCode !== 200) throw new Error(`sign/pay: ${reply.statusCode} ${reply.body}`);
  return { ...subject, paymentId: reply.json().GetPaidPaymentId as string };
}

let paymentId = '';
/** The app's origin, which a return address must name; read from the world when a rule prepares its subject. */
let returnOrigin = '';

export const signPayRules: AccessRules = {
  'GET /linktinker/app/getpaid/paymentlinks': {
    session: { allowed: 'every role', resource: 'own account', sample: () => ({}) },
  },
  'POST /linktinker/app/getpaid/paymentlinks': {
    session: { allowed: makers, resource: 'own account', fresh: true, sample: () => ({ body: productRequest() }) },
  },
  'GET /linktinker/app/getpaid/paymentlinks/:id/details': {
    session: { allowed: 'every role', resource: 'payment product', sample: productOfA },
  },
  'GET /linktinker/app/getpaid/defaulttaxcode': {
    session: { allowed: 'every role', resource: 'own account', sample: () => ({}) },
  },
  'GET /linktinker/app/getpaid/account': {
    session: { allowed: 'every role', resource: 'own account', sample: () => ({}) },
  },
  // Where the account's money goes: its administrators decide.
  'POST /linktinker/app/getpaid/account/onboarding': {
    session: { allowed: ['admin'], resource: 'own account', sample: () => ({ body: {} }) },
  },
  'GET /linktinker/links/:id/getpaid/payments': requestTokenRule(
    (as) => ({ params: { id: as.code }, query: { requestToken: as.token } }),
    'plain',
    (world) => seedPayableDocument(world.testApp, world.owner),
  ),
  'POST /linktinker/links/:id/sign/pay': requestTokenRule(
    (as) => ({
      params: { id: as.code },
      body: {
        RequestToken: as.token,
        SignatureIndex: 0,
        AcceptTerms: true,
        ReturnUrl: `${returnOrigin}/#/?link=${as.code}`,
      },
    }),
    'plain',
    (world) => {
      returnOrigin = new URL(testReturnUrl(world.testApp, 'X')).origin;
      return seedPayableDocument(world.testApp, world.owner);
    },
  ),
  'POST /linktinker/links/:id/sign/pay/status': requestTokenRule(
    (as) => ({ params: { id: as.code }, body: { RequestToken: as.token, GetPaidPaymentId: paymentId } }),
    'plain',
    async (world) => {
      const started = await startedPayment(world);
      paymentId = started.paymentId;
      return started;
    },
  ),
  'POST /linktinker/links/:id/payment/details': requestTokenRule(
    (as) => ({ params: { id: as.code }, body: { RequestToken: as.token, GetPaidPaymentId: paymentId } }),
    'plain',
    async (world) => {
      const started = await startedPayment(world);
      paymentId = started.paymentId;
      return started;
    },
  ),
};
