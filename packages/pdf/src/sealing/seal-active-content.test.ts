import { createTimestampingProvider } from '@signlink/providers/timestamping/create-timestamping-provider';
import { type RunningTsaSimulator, startTsaSimulator } from '@signlink/simulators/tsa/tsa-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeContentPdfs,
  buildInDocumentLinksPdf,
} from '../../../../apps/server/test/fixtures/active-content-pdfs.ts';
import { actionsIn, textOfObjects } from '../pdf-objects.test-helpers.ts';
import { sharedTestPki } from './local-pki.ts';
import { fixture, pdfsig } from './pdf-tools.test-helpers.ts';
import { sealDocument } from './seal-document.ts';
import { oneSignerSealRequest } from './seal-request.test-helpers.ts';

// Sealing stamps the stored original, which upload cleaned, unless it was stored before upload removed all of
// this: these files go straight to sealing, as such an original would.
const pki = sharedTestPki();
let tsa: RunningTsaSimulator;

beforeAll(async () => {
  tsa = await startTsaSimulator({ ...pki.tsa, chainPems: [pki.ca.certPem] });
});
afterAll(() => tsa?.close());

async function seal(bytes: Uint8Array) {
  const sealed = await sealDocument(
    oneSignerSealRequest(pki, {
      file: { bytes, fields: [] },
      documentName: 'Agreement',
      documentId: 'doc_active_content',
    }),
    createTimestampingProvider({ driver: 'rfc3161-http', url: tsa.url }),
  );
  const check = pdfsig(sealed.sealed);
  expect(check.signatureValid, check.output).toBe(true);
  return sealed.sealed;
}

const isInDocumentNavigation = (action: string) => action === 'GoTo' || action === 'Named NextPage';

describe('a sealed PDF carries no action but in-document navigation', () => {
  it.each(activeContentPdfs)(
    '$name, stored as it was uploaded',
    async ({ build }) => {
      const sealed = await seal(await build());
      expect(actionsIn(sealed).filter((action) => !isInDocumentNavigation(action))).toEqual([]);
      expect(textOfObjects(sealed)).not.toMatch(/attacker\.example|app\.alert|\/XFA|\/RichMedia|<script|calc\.exe/);
    },
    30_000,
  );

  it('keeps in-document links and web links as links', async () => {
    expect(actionsIn(await seal(await buildInDocumentLinksPdf())).sort()).toEqual(['GoTo', 'Named NextPage']);
    const linked = await seal(fixture('libre-office-link.pdf'));
    expect(actionsIn(linked)).toEqual([]);
    expect(textOfObjects(linked)).toContain('/Link');
  }, 30_000);
});
