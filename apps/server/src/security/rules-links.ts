import { startOrder } from '../../test/bankid-test-helpers.ts';
import { findBankIdOrder } from '../modules/bankid/bankid-orders.repository.ts';
import { fixturePdf, postLink } from '../modules/links/link-forms.test-helpers.ts';
import { seedGatedLink, sendGateCode } from '../modules/links/link-gate-test-helpers.ts';
import { drawing } from '../modules/links/link-signing.test-helpers.ts';
import { freshDestination } from '../modules/verification-codes/verification-codes-test-helpers.ts';
import type { AccessRule, AccessRules, LinkCredential } from './access-rules.ts';
import { type LinkSubject, linkCodeRule, requestTokenRule } from './link-rule-kinds.ts';
import type { World } from './security-world-test-helpers.ts';

const withToken = (as: LinkCredential) => ({ params: { id: as.code }, body: { RequestToken: as.token } });
const formBody = (as: Omit<LinkCredential, 'label'>, subject: LinkSubject) => ({
  params: { id: as.code },
  body: { document: subject.documentId, formId: subject.formId, requestToken: as.token },
});

async function submitForm(world: World, subject: LinkSubject) {
  const submitted = await postLink(world.testApp, subject.l1.code, 'forms/submit', formBody(subject.l1, subject).body);
  if (submitted.statusCode !== 200) throw new Error(`form submit: ${submitted.statusCode} ${submitted.body}`);
  return {};
}

/** A fresh link of A's with a gate, and a code sent for it, whose key `validation/validate` takes. */
async function gatedLink(world: World, gate: 'sms' | 'email' | 'bankid') {
  const destination = freshDestination(gate === 'sms' ? 'sms' : 'email');
  const party = gate === 'sms' ? { phone: destination } : { email: destination };
  const { linkId } = await seedGatedLink(world.testApp, gate, party, world.owner);
  return { linkId, destination };
}

let gateCode = '';

const withRefusals = (refusalStatuses: readonly number[], rule: AccessRule): AccessRule =>
  'link' in rule ? { link: { ...rule.link, refusalStatuses } } : rule;

/** A route on one BankID order of a link: its key on another link's path is refused. */
function linkOrderRule(isUnchanged?: (world: World, own: LinkCredential) => Promise<boolean>) {
  const rule = linkCodeRule(
    (as) => ({ params: { id: as.code, clientAccessKey: as.token } }),
    async (world) => {
      const { linkId } = await gatedLink(world, 'bankid');
      const { started } = await startOrder(world.testApp, `/v2/linktinker/links/${linkId}/bankid`);
      return { code: linkId, token: started.ClientAccessKey, label: "the link's own order" };
    },
    async (world, own) => [
      { code: (await gatedLink(world, 'bankid')).linkId, token: own.token, label: "L1's order on another link" },
    ],
  );
  return 'link' in rule && isUnchanged ? { link: { ...rule.link, isUnchanged } } : rule;
}

/** The recipient's calls (SPEC section 7), each on A's link L1, with L1's credential and with others'. */
export const linkRules: AccessRules = {
  'GET /linktinker/links/:id': linkCodeRule((as) => ({ params: { id: as.code } })),
  'GET /linktinker/links/:id/logo': linkCodeRule(
    (as) => ({ params: { id: as.code } }),
    async (world) => {
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
      await world.testApp.app.inject({
        method: 'PUT',
        url: '/v2/linktinker/app/account/logo',
        headers: { authorization: `Bearer ${world.a.admin.token}`, 'content-type': 'image/png' },
        payload: png,
      });
      return { ...world.sent.l1, label: "L1's own code" };
    },
  ),
  'POST /linktinker/links/:LinkId/count': linkCodeRule((as) => ({ params: { LinkId: as.code }, body: {} })),
  'POST /linktinker/links/:linkID/access': linkCodeRule((as) => ({ params: { linkID: as.code }, body: {} })),
  'POST /linktinker/links/:id/sms': linkCodeRule(
    (as) => ({ params: { id: as.code }, body: {} }),
    async (world) => ({
      code: (await gatedLink(world, 'sms')).linkId,
      token: '',
      label: "an SMS-gated link's own code",
    }),
  ),
  'POST /linktinker/links/:id/email': linkCodeRule(
    (as) => ({ params: { id: as.code }, body: {} }),
    async (world) => ({
      code: (await gatedLink(world, 'email')).linkId,
      token: '',
      label: "an e-mail-gated link's code",
    }),
  ),
  'POST /linktinker/links/:id/validation/validate': withRefusals(
    [406],
    linkCodeRule(
      (as) => ({ params: { id: as.code }, body: { ClientAccessKey: as.token, Code: gateCode } }),
      async (world) => {
        const { linkId, destination } = await gatedLink(world, 'email');
        const sent = await sendGateCode(world.testApp, linkId, 'email', destination);
        gateCode = sent.code;
        return { code: linkId, token: sent.key, label: "the link's own code and gate key" };
      },
      async (world, own) => [
        {
          code: (await gatedLink(world, 'email')).linkId,
          token: own.token,
          label: "another link's path with L1's key",
        },
        { code: 'NOSUCHLINK0000', token: own.token, label: 'a code of no link' },
      ],
    ),
  ),
  'POST /linktinker/links/:id/bankid': linkCodeRule(
    (as) => ({ params: { id: as.code }, body: {} }),
    async (world) => ({ code: (await gatedLink(world, 'bankid')).linkId, token: '', label: "a BankID link's code" }),
  ),
  'GET /linktinker/links/:id/bankid/:clientAccessKey': linkOrderRule(),
  // Cancelling answers 204 to anyone, so it tells nothing; on another link it must leave the order pending.
  'POST /linktinker/links/:id/bankid/:clientAccessKey/cancel': linkOrderRule(async (world, own) => {
    const order = await findBankIdOrder(world.testApp.database.db, own.token);
    return order?.status === 'pending';
  }),
  'POST /linktinker/links/:id/access/file': requestTokenRule((as, subject) => ({
    params: { id: as.code },
    body: { RequestToken: as.token, Code: subject.fileId },
  })),
  'POST /linktinker/links/:linkID/access/report': requestTokenRule((as) => ({
    params: { linkID: as.code },
    body: { RequestToken: as.token },
  })),
  'POST /linktinker/links/:id/validation/sms': requestTokenRule((as) => ({
    params: { id: as.code },
    body: { value: freshDestination('sms'), requestToken: as.token },
  })),
  'POST /linktinker/links/:id/validation/email': requestTokenRule((as) => ({
    params: { id: as.code },
    body: { value: freshDestination('email'), requestToken: as.token },
  })),
  'POST /linktinker/links/:id/attachments': requestTokenRule((as) => ({
    params: { id: as.code },
    query: { RequestToken: as.token, name: 'Bilaga.pdf' },
    raw: { payload: Buffer.from(fixturePdf), contentType: 'application/pdf' },
  })),
  'POST /linktinker/links/:id/attachments/load': requestTokenRule(withToken),
  'POST /linktinker/links/:id/attachments/download': requestTokenRule((as) => ({
    params: { id: as.code },
    body: { RequestToken: as.token, PdfFileIndex: 0 },
  })),
  'POST /linktinker/links/:id/attachments/delete': requestTokenRule(
    (as) => ({ params: { id: as.code }, body: { RequestToken: as.token, PdfFileIndex: 0 } }),
    'fresh',
  ),
  'GET /linktinker/links/:id/status': requestTokenRule((as) => ({
    params: { id: as.code },
    query: { requestToken: as.token },
  })),
  'GET /linktinker/links/:id/download': requestTokenRule((as) => ({
    params: { id: as.code },
    query: { requestToken: as.token },
  })),
  'POST /linktinker/links/:id/download': requestTokenRule(withToken),
  'GET /linktinker/links/:id/audit-trail': requestTokenRule(
    (as) => ({ params: { id: as.code }, query: { requestToken: as.token } }),
    'sealed',
  ),
  'POST /linktinker/links/:id/sign/ink': requestTokenRule(
    (as) => ({
      params: { id: as.code },
      body: {
        SignatureIndex: 0,
        RequestToken: as.token,
        InkSignatureJsonData: drawing(),
        CanvasWidth: 400,
        CanvasHeight: 160,
      },
    }),
    'plain',
  ),
  'GET /linktinker/links/:id/forms': requestTokenRule((as) => ({
    params: { id: as.code },
    query: { requestToken: as.token },
  })),
  'POST /linktinker/links/:id/forms': requestTokenRule((as, subject) => ({
    params: { id: as.code },
    body: { document: subject.documentId, requestToken: as.token, instantJson: { 'Text[0]': 'Anna' }, isPending: true },
  })),
  'POST /linktinker/links/:id/forms/pendingsubmissionreceipt': requestTokenRule((as, subject) => {
    const request = formBody(as, subject);
    return { ...request, body: { ...request.body, recipientaddresses: ['me@example.com'] } };
  }),
  'POST /linktinker/links/:id/forms/submit': requestTokenRule(formBody, 'fresh'),
  'POST /linktinker/links/:id/forms/submittedpdfurl': requestTokenRule(formBody, 'fresh', submitForm),
  'GET /linktinker/links/:id/forms/:formId/pdf': {
    link: {
      async own(world) {
        const subject = await world.freshSent();
        await submitForm(world, subject);
        const asked = await postLink(
          world.testApp,
          subject.l1.code,
          'forms/submittedpdfurl',
          formBody(subject.l1, subject).body,
        );
        const url = new URL(asked.json().url as string, 'http://x');
        formPdf = { l2: subject.l2.code, formId: subject.formId };
        return { code: subject.l1.code, token: url.searchParams.get('token') ?? '', label: "the form's own PDF token" };
      },
      others: (_world, own) => [
        { code: formPdf.l2, token: own.token, label: "the token on L2's path" },
        { code: own.code, token: 'bm90LWEtdG9rZW4tb2YtdXM', label: 'a token we never made' },
      ],
      sample: (_world, as) => ({ params: { id: as.code, formId: formPdf.formId }, query: { token: as.token } }),
    },
  },
  'GET /linktinker/files/:id/content': {
    link: {
      async own(world) {
        const editor = await world.testApp.app.inject({
          method: 'POST',
          url: `/v2/linktinker/files/${world.draft.fileId}/editor`,
          headers: { authorization: `Bearer ${world.owner.token}` },
        });
        const url = new URL(editor.json().ContentUrl as string, 'http://x');
        return { code: world.draft.fileId, token: url.searchParams.get('token') ?? '', label: "the file's own token" };
      },
      others: (world, own) => [
        { code: world.sent.fileId, token: own.token, label: "the token on another file's path" },
        { code: own.code, token: 'bm90LWEtdG9rZW4tb2YtdXM', label: 'a token we never made' },
      ],
      sample: (_world, as) => ({ params: { id: as.code }, query: { token: as.token } }),
    },
  },
  'POST /linktinker/links/:id/forms/share': {
    covered: 'apps/server/src/modules/links/link-forms-share-approval.routes.test.ts',
    why: "sharing needs the document's sharing setting and a contact proved by a code; another link's proof is refused there",
  },
  'POST /linktinker/links/:id/validation/bankid': {
    covered: 'apps/server/src/modules/links/link-bankid.routes.test.ts',
    why: 'a BankID signature order needs a BankID slot of the link’s own party',
  },
  'POST /linktinker/links/:id/validation/validate/bankid': {
    covered: 'apps/server/src/modules/links/link-bankid.routes.test.ts',
    why: 'an approved BankID signature order of the link, collected',
  },
  'POST /linktinker/links/:id/validation/orgnumber/bankid': {
    covered: 'apps/server/src/modules/companies/org-number-bankid.routes.test.ts',
    why: 'an organisation-number order of the link, started for a company party',
  },
  'POST /linktinker/links/:id/validation/validate/orgnumber/bankid': {
    covered: 'apps/server/src/modules/companies/org-number-bankid.routes.test.ts',
    why: "an approved organisation-number order; another link's order is refused there",
  },
};

let formPdf = { l2: '', formId: '' };
