import fs from 'node:fs';
import { faceSpecimen, idSpecimens } from '@signlink/simulators/onfido/id-specimens';
import type { RunningOnfidoSimulator } from '@signlink/simulators/onfido/onfido-simulator';
import {
  startTestSimulator,
  TEST_API_TOKEN,
  TEST_WEBHOOK_TOKEN,
  temporaryFolder,
} from '@signlink/simulators/onfido/onfido-test-client';
import { signOnfidoBody } from '@signlink/simulators/onfido/onfido-webhook-sender';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CheckOutcome,
  type IdImage,
  IdVerificationError,
  type IdVerificationProvider,
} from './id-verification.port.ts';
import { createOnfidoIdVerification } from './onfido.adapter.ts';

const imageOf = (file: string, contentType: IdImage['contentType']): IdImage => ({
  bytes: fs.readFileSync(file),
  contentType,
  fileName: file.split('/').pop() ?? 'image',
});

describe('the Onfido adapter against the simulator over HTTP', () => {
  let dir: string;
  let sim: RunningOnfidoSimulator;
  let onfido: IdVerificationProvider;

  beforeAll(async () => {
    dir = temporaryFolder();
    sim = await startTestSimulator(dir);
    await sim.controls.setOutcome({ delayMs: 0 });
    onfido = createOnfidoIdVerification({
      apiToken: TEST_API_TOKEN,
      webhookToken: TEST_WEBHOOK_TOKEN,
      apiUrl: sim.url,
    });
  });
  afterAll(async () => {
    await sim.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function settled(checkId: string): Promise<CheckOutcome & { status: 'complete' }> {
    for (;;) {
      const outcome = await onfido.readCheck({ checkId });
      if (outcome.status === 'complete') return outcome;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('reads a valid passport: clear, with its data and MRZ', async () => {
    const { applicantId } = await onfido.createApplicant({ firstName: 'Anna Maria', lastName: 'Eriksson' });
    const passport = idSpecimens.passportValid;
    const { fileId } = await onfido.uploadDocument({
      applicantId,
      documentType: 'passport',
      side: 'front',
      image: imageOf(passport.file, passport.contentType),
    });
    const { checkId } = await onfido.startCheck({ applicantId, documentIds: [fileId], withFace: false });
    const outcome = await settled(checkId);
    expect(outcome).toEqual({
      status: 'complete',
      checkId,
      document: {
        result: 'clear',
        readable: true,
        documentType: 'passport',
        issuingCountry: 'SWE',
        documentNumber: passport.number,
        expiryDate: passport.expiry,
        firstName: passport.givenNames,
        lastName: passport.surname,
        mrzLines: [expect.stringMatching(/^P<SWEERIKSSON<<ANNA<MARIA</), expect.stringMatching(/^AB0123456/)],
      },
    });
    await onfido.deleteApplicant({ applicantId });
    await expect(onfido.readCheck({ checkId })).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('reads a national ID card’s MRZ from its back, and the face outcome from the controls', async () => {
    await sim.controls.setOutcome({ faceMatch: 'clear', liveness: 'consider' });
    const { applicantId } = await onfido.createApplicant({ firstName: 'Anna', lastName: 'Eriksson' });
    const front = idSpecimens.nationalIdFront;
    const back = idSpecimens.nationalIdBack;
    const ids = [];
    for (const [side, specimen] of [
      ['front', front],
      ['back', back],
    ] as const) {
      const image = imageOf(specimen.file, specimen.contentType);
      ids.push((await onfido.uploadDocument({ applicantId, documentType: 'national-id', side, image })).fileId);
    }
    await onfido.uploadLivePhoto({ applicantId, image: imageOf(faceSpecimen.file, faceSpecimen.contentType) });
    const { checkId } = await onfido.startCheck({ applicantId, documentIds: ids, withFace: true });
    const outcome = await settled(checkId);
    expect(outcome.document).toMatchObject({
      result: 'clear',
      documentType: 'national-id',
      documentNumber: back.number,
    });
    expect(outcome.document.mrzLines).toHaveLength(3);
    expect(outcome.face).toEqual({ result: 'consider', faceMatch: 'clear', liveness: 'consider' });
    await sim.controls.setOutcome({ faceMatch: 'clear', liveness: 'clear' });
  });

  it('names an upload by its type when its name has no extension, as Onfido takes the part’s type from it', async () => {
    const { applicantId } = await onfido.createApplicant({ firstName: 'Anna', lastName: 'Eriksson' });
    const image = { ...imageOf(idSpecimens.passportValid.file, 'image/png'), fileName: 'camera' };
    const { fileId } = await onfido.uploadDocument({ applicantId, documentType: 'passport', side: 'front', image });
    const stored = await fetch(`${sim.url}/documents/${fileId}`, {
      headers: { authorization: `Token token=${TEST_API_TOKEN}` },
    });
    expect(await stored.json()).toMatchObject({ file_name: 'camera.png', file_type: 'png', type: 'passport' });
  });

  it('reports an image without a machine-readable zone as not readable', async () => {
    const { applicantId } = await onfido.createApplicant({ firstName: 'Anna', lastName: 'Eriksson' });
    const image = imageOf(idSpecimens.drivingLicence.file, 'image/png');
    const { fileId } = await onfido.uploadDocument({ applicantId, documentType: 'passport', side: 'front', image });
    const { checkId } = await onfido.startCheck({ applicantId, documentIds: [fileId], withFace: false });
    expect((await settled(checkId)).document).toMatchObject({ result: 'consider', readable: false, mrzLines: [] });
  });

  it('reads a signed webhook and refuses forged, altered or malformed signatures', () => {
    const body = JSON.stringify({
      payload: { resource_type: 'check', action: 'check.completed', object: { id: 'chk-1', status: 'complete' } },
    });
    const rawBody = new TextEncoder().encode(body);
    const signature = signOnfidoBody(body, TEST_WEBHOOK_TOKEN);
    expect(onfido.readWebhook({ rawBody, signature })).toEqual({
      resourceType: 'check',
      action: 'check.completed',
      checkId: 'chk-1',
    });
    const altered = new TextEncoder().encode(body.replace('chk-1', 'chk-2'));
    for (const attempt of [
      { rawBody: altered, signature },
      { rawBody, signature: signOnfidoBody(body, 'another token') },
      { rawBody, signature: signature.slice(0, 10) },
      { rawBody, signature: 'not hex at all' },
      { rawBody, signature: undefined },
    ]) {
      expect(() => onfido.readWebhook(attempt)).toThrow(expect.objectContaining({ kind: 'forged' }));
    }
  });

  it('is rejected with a wrong API token, and unavailable when nothing answers', async () => {
    const wrongToken = createOnfidoIdVerification({
      apiToken: 'api_sandbox.wrong',
      webhookToken: 'x',
      apiUrl: sim.url,
    });
    const refused = wrongToken.createApplicant({ firstName: 'A', lastName: 'B' });
    await expect(refused).rejects.toBeInstanceOf(IdVerificationError);
    await expect(refused).rejects.toMatchObject({ kind: 'rejected', message: expect.stringContaining('401') });
    const nobody = createOnfidoIdVerification({
      apiToken: TEST_API_TOKEN,
      webhookToken: 'x',
      apiUrl: 'http://127.0.0.1:9/v3.6',
    });
    await expect(nobody.createApplicant({ firstName: 'A', lastName: 'B' })).rejects.toMatchObject({
      kind: 'unavailable',
    });
  });
});
