import { seedDocument } from '../../test/seed-document.ts';
import { specimen } from '../modules/id-scan/id-scan.test-helpers.ts';
import { requestTokenFor } from '../modules/links/link-signing.test-helpers.ts';
import type { AccessRule, AccessRules, LinkCredential, SampleRequest } from './access-rules.ts';
import type { World } from './security-world-test-helpers.ts';

/** A's sent document with two type 6 parties: L1 holds slot 0, L2 slot 1; `scan` is L1's scan when one was made. */
interface ScanSubject {
  l1: LinkCredential;
  l2: LinkCredential;
  scan: string;
}

type Stage = 'slot' | 'scan' | 'images';

async function scanSubject(world: World, stage: Stage): Promise<ScanSubject> {
  const seeded = await seedDocument(world.testApp.database.db, {
    owner: world.owner,
    accessLevel: 'shared',
    parties: [
      { name: 'Anna Maria Eriksson', signatureType: 'live-id' },
      { name: 'Bo Berg', signatureType: 'live-id' },
    ],
  });
  const [l1, l2] = await Promise.all(
    seeded.parties.map(async (party, index) => ({
      code: party.linkCode,
      token: await requestTokenFor(world.testApp, party.linkCode),
      label: `L${index + 1}`,
    })),
  );
  if (!l1 || !l2) throw new Error('two parties');
  if (stage === 'slot') return { l1, l2, scan: '' };
  const post = (path: string, query: Record<string, string>, payload: Buffer | object, contentType?: string) =>
    world.testApp.app.inject({
      method: 'POST',
      url: `/v2/linktinker/links/${l1.code}/${path}?${new URLSearchParams(query)}`,
      payload: payload as object,
      ...(contentType ? { headers: { 'content-type': contentType } } : {}),
    });
  const started = await post(
    'idscan/live/init',
    {},
    { RequestToken: l1.token, SignatureIndex: 0, BiometricConsent: true, ConsentTextVersion: '2026-11-28' },
  );
  if (started.statusCode !== 200) throw new Error(`idscan init: ${started.statusCode} ${started.body}`);
  const scan: string = started.json().IdScanId;
  if (stage === 'images') {
    const query = { RequestToken: l1.token, IdScanId: scan };
    const front = await post(
      'idscan/processimages',
      { ...query, DocumentType: 'passport', Side: 'front' },
      specimen('passport-valid.png'),
      'image/png',
    );
    const face = await post('idscan/live/validate', query, specimen('face.jpg'), 'image/jpeg');
    if (front.statusCode !== 200 || face.statusCode !== 200)
      throw new Error(`idscan images: ${front.body} ${face.body}`);
  }
  return { l1, l2, scan };
}

/** A route on L1's slot or scan: refused with L2's token, another account's and one we never made. */
function idScanRule(stage: Stage, sample: (as: LinkCredential, scan: string) => SampleRequest): AccessRule {
  let subject: ScanSubject | undefined;
  const current = () => {
    if (!subject) throw new Error('own() first');
    return subject;
  };
  return {
    link: {
      async own(world) {
        subject = await scanSubject(world, stage);
        return { ...subject.l1, label: "L1's own RequestToken" };
      },
      others: (world, own) => [
        { code: own.code, token: current().l2.token, label: "L2's RequestToken (same document)" },
        { code: own.code, token: world.elsewhereLink.token, label: "another account's document's RequestToken" },
        { code: own.code, token: 'bm90LWEtdG9rZW4tb2YtdXM', label: 'a RequestToken we never made' },
        { code: current().l2.code, token: current().l2.token, label: "L1's scan through L2's link" },
      ],
      sample: (_world, as) => sample(as, current().scan),
    },
  };
}

const image = (name: string, contentType: string) => ({ payload: specimen(name), contentType });

/** The recipient's ID-scan calls (SPEC section 7), each on L1's slot 0 or L1's scan. */
export const idScanRules: AccessRules = {
  'POST /linktinker/links/:id/idscan/live/init': idScanRule('slot', (as) => ({
    params: { id: as.code },
    // L2's own link asks for slot 0, which is L1's: refused as another party's slot.
    body: { RequestToken: as.token, SignatureIndex: 0, BiometricConsent: true, ConsentTextVersion: '2026-11-28' },
  })),
  'POST /linktinker/links/:id/idscan/processimages': idScanRule('scan', (as, scan) => ({
    params: { id: as.code },
    query: { RequestToken: as.token, IdScanId: scan, DocumentType: 'passport', Side: 'front' },
    raw: image('passport-valid.png', 'image/png'),
  })),
  'POST /linktinker/links/:id/idscan/live/validate': idScanRule('scan', (as, scan) => ({
    params: { id: as.code },
    query: { RequestToken: as.token, IdScanId: scan },
    raw: image('face.jpg', 'image/jpeg'),
  })),
  'POST /linktinker/links/:id/idscan/apply': idScanRule('images', (as, scan) => ({
    params: { id: as.code },
    body: { RequestToken: as.token, IdScanId: scan },
  })),
  'GET /linktinker/links/:id/idscan/:scanId': idScanRule('scan', (as, scan) => ({
    params: { id: as.code, scanId: scan },
    query: { RequestToken: as.token },
  })),
  'POST /linktinker/links/:id/idscan/remove': idScanRule('scan', (as, scan) => ({
    params: { id: as.code },
    body: { RequestToken: as.token, IdScanId: scan },
  })),
  'POST /linktinker/links/:id/sign/id/live': {
    covered: 'apps/server/src/modules/id-scan/id-scan-access.routes.test.ts',
    why: "signing needs a passed scan of the slot, which needs the vendor's completed check; L2's and others' tokens, and L1's scan on L2's slot, are refused there",
  },
  'POST /linktinker/links/:id/sign/ink/id': {
    covered: 'apps/server/src/modules/id-scan/id-scan-access.routes.test.ts',
    why: "signing needs a passed scan of the slot, which needs the vendor's completed check; L2's and others' tokens are refused there",
  },
  'POST /linktinker/idscan/onfido/webhook': {
    open: "the identity-verification vendor's event callback: its X-SHA2-Signature over the raw body is checked before anything is read",
  },
};
