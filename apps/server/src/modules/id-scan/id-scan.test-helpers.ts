import fs, { readFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { type SeedDocumentOptions, seedDocument } from '../../../test/seed-document.ts';
import { fixturePdfDirectory, signatureFieldFor } from '../../../test/seed-signed-document.ts';
import { idScanImages, idScans } from '../../db/schema/id-scans.ts';
import { requestTokenFor } from '../links/link-signing.test-helpers.ts';

const specimensDir = fileURLToPath(
  new URL('../../../../../packages/simulators/src/onfido/specimens/', import.meta.url),
);

/** The simulator's specimen documents: each carries its machine-readable zone for the simulator to read. */
export const specimen = (name: string): Buffer => fs.readFileSync(`${specimensDir}${name}`);

/** A free loopback port, so the app's public URL (where the simulator's webhooks go) is known before it listens. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export function idScanCalls(testApp: TestApp, linkId: string, RequestToken: string) {
  const base = `/v2/linktinker/links/${linkId}`;
  const post = (path: string, payload: Record<string, unknown>) =>
    testApp.app.inject({ method: 'POST', url: `${base}/${path}`, payload });
  const upload = (path: string, query: Record<string, string>, bytes: Buffer, contentType = 'image/png') =>
    testApp.app.inject({
      method: 'POST',
      url: `${base}/${path}?${new URLSearchParams({ RequestToken, ...query })}`,
      headers: { 'content-type': contentType },
      payload: bytes,
    });
  return {
    start: (SignatureIndex = 0) =>
      post('idscan/live/init', {
        RequestToken,
        SignatureIndex,
        BiometricConsent: true,
        ConsentTextVersion: '2026-11-28',
      }),
    document: (IdScanId: string, DocumentType: string, Side: string, bytes: Buffer, contentType?: string) =>
      upload('idscan/processimages', { IdScanId, DocumentType, Side }, bytes, contentType),
    face: (IdScanId: string, bytes: Buffer, contentType = 'image/jpeg') =>
      upload('idscan/live/validate', { IdScanId }, bytes, contentType),
    apply: (IdScanId: string) => post('idscan/apply', { RequestToken, IdScanId }),
    find: (IdScanId: string) =>
      testApp.app.inject({
        method: 'GET',
        url: `${base}/idscan/${IdScanId}?${new URLSearchParams({ RequestToken })}`,
      }),
    remove: (IdScanId: string) => post('idscan/remove', { RequestToken, IdScanId }),
    signLive: (IdScanId: string, SignatureIndex = 0) =>
      post('sign/id/live', { RequestToken, SignatureIndex, IdScanId }),
    signInk: (IdScanId: string, ink: Record<string, unknown>, SignatureIndex = 0) =>
      post('sign/ink/id', { RequestToken, SignatureIndex, IdScanId, ...ink }),
  };
}

export type IdScanCalls = ReturnType<typeof idScanCalls>;

/** Polls the scan's state, as the recipient's page does, until the check is over. */
export async function waitForVerdict(calls: IdScanCalls, idScanId: string) {
  return vi.waitFor(
    async () => {
      const response = await calls.find(idScanId);
      expect(response.statusCode, response.body).toBe(200);
      const state = response.json();
      expect(['passed', 'failed']).toContain(state.Status);
      return state;
    },
    { timeout: 20_000, interval: 200 },
  );
}

/** A whole scan: consent, the document's sides (and the face), the check, its verdict. */
export async function scanDocument(
  calls: IdScanCalls,
  input: { documentType: string; sides: [string, Buffer][]; face?: Buffer; signatureIndex?: number },
) {
  const started = await calls.start(input.signatureIndex ?? 0);
  expect(started.statusCode, started.body).toBe(200);
  const idScanId: string = started.json().IdScanId;
  for (const [side, bytes] of input.sides) {
    const added = await calls.document(idScanId, input.documentType, side, bytes);
    expect(added.statusCode, added.body).toBe(200);
  }
  if (input.face) {
    const face = await calls.face(idScanId, input.face);
    expect(face.statusCode, face.body).toBe(200);
  }
  const applied = await calls.apply(idScanId);
  expect(applied.statusCode, applied.body).toBe(200);
  expect(applied.json().Status).toBe('checking');
  return { idScanId, state: await waitForVerdict(calls, idScanId) };
}

export async function imagesOf(testApp: TestApp, idScanId: string) {
  return testApp.database.db.select().from(idScanImages).where(eq(idScanImages.idScanId, idScanId));
}

export async function scanRow(testApp: TestApp, idScanId: string) {
  const [row] = await testApp.database.db.select().from(idScans).where(eq(idScans.id, idScanId));
  return row;
}

/** A sent document on a real PDF, one signature field per party, for signing and sealing with ID scans. */
export async function seedIdScanDocument(
  testApp: TestApp,
  parties: { name: string; signatureType: 'live-id' | 'id-e-signature' | 'e-signature' }[],
  options: Pick<SeedDocumentOptions, 'owner' | 'settings'> = {},
) {
  const bytes = new Uint8Array(readFileSync(join(fixturePdfDirectory, 'pdflatex-4-pages.pdf')));
  const fields = parties.map((_, index) => signatureFieldFor(index));
  const seeded = await seedDocument(testApp.database.db, {
    ...options,
    parties,
    fields,
    storage: testApp.context.storage,
    pdf: { bytes, pageSizes: [{ width: 612, height: 792 }] },
  });
  const tokens = await Promise.all(seeded.parties.map((party) => requestTokenFor(testApp, party.linkCode)));
  return {
    ...seeded,
    calls: seeded.parties.map((party, index) => idScanCalls(testApp, party.linkCode, tokens[index] ?? '')),
  };
}
