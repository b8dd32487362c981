import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { faceSpecimen, idSpecimens } from './id-specimens.ts';
import type { RunningOnfidoSimulator } from './onfido-simulator.ts';
import { onfidoClient, startTestSimulator, TEST_WEBHOOK_TOKEN, temporaryFolder } from './onfido-test-client.ts';
import { signOnfidoBody } from './onfido-webhook-sender.ts';

describe('the Onfido simulator over raw HTTP', () => {
  let dir: string;
  let sim: RunningOnfidoSimulator;
  const others: RunningOnfidoSimulator[] = [];

  beforeEach(async () => {
    dir = temporaryFolder();
    sim = await startTestSimulator(dir);
  });
  afterEach(async () => {
    await Promise.all([sim.close(), ...others.splice(0).map((other) => other.close())]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a wrong or missing token with Onfido’s error', async () => {
    const wrong = await onfidoClient(sim.url, 'api_sandbox.wrong').call('GET', '/applicants/x');
    expect(wrong).toEqual({
      status: 401,
      json: { error: { type: 'authorization_error', message: expect.any(String), fields: {} } },
    });
    const none = await fetch(`${sim.url}/checks/x`);
    expect(none.status).toBe(401);
  });

  it('creates, reads and deletes an applicant, and forgets its uploads', async () => {
    const client = onfidoClient(sim.url);
    const created = await client.call('POST', '/applicants', { first_name: 'Anna', last_name: 'Eriksson' });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      first_name: 'Anna',
      last_name: 'Eriksson',
      href: `/v3.6/applicants/${created.json.id}`,
    });
    expect((await client.call('GET', `/applicants/${created.json.id}`)).json.id).toBe(created.json.id);
    const missingName = await client.call('POST', '/applicants', { first_name: 'Anna' });
    expect(missingName.status).toBe(422);
    expect(missingName.json.error).toMatchObject({
      type: 'validation_error',
      fields: { last_name: expect.any(Array) },
    });

    const uploaded = await client.uploadFile(
      '/documents',
      { applicant_id: created.json.id, type: 'passport', side: 'front' },
      idSpecimens.passportValid.file,
    );
    expect(uploaded.status).toBe(201);
    expect(uploaded.json).toMatchObject({
      type: 'passport',
      side: 'front',
      file_type: 'png',
      applicant_id: created.json.id,
    });
    expect(fs.readdirSync(path.join(dir, 'files'))).toHaveLength(2);

    expect((await client.call('DELETE', `/applicants/${created.json.id}`)).status).toBe(204);
    expect((await client.call('GET', `/applicants/${created.json.id}`)).status).toBe(404);
    expect(fs.readdirSync(path.join(dir, 'files'))).toEqual([]);
  });

  it('refuses files that are not JPEG, PNG or PDF, and files over 10 MB', async () => {
    const client = onfidoClient(sim.url);
    const applicantId = await client.applicant();
    const fields = { applicant_id: applicantId, type: 'passport' };
    const text = await client.upload('/documents', fields, {
      bytes: new TextEncoder().encode('not an image'),
      name: 'passport.png',
      type: 'image/png',
    });
    expect(text.status).toBe(422);
    expect(text.json.error).toMatchObject({ type: 'validation_error', fields: { file: expect.any(Array) } });
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    const tooBig = await client.upload(
      '/live_photos',
      { applicant_id: applicantId },
      { bytes: big, name: 'f.jpg', type: 'image/jpeg' },
    );
    expect(tooBig.status).toBe(422);
    expect(tooBig.json.error.fields.file).toEqual([expect.stringContaining('10 MB')]);
  });

  it('runs a check: in progress at first, complete with its reports once due', async () => {
    await sim.controls.setOutcome({ delayMs: 300, faceMatch: 'consider' });
    const client = onfidoClient(sim.url);
    const applicantId = await client.applicant();
    const document = await client.uploadFile(
      '/documents',
      { applicant_id: applicantId, type: 'passport' },
      idSpecimens.passportValid.file,
    );
    await client.uploadFile(
      '/live_photos',
      { applicant_id: applicantId, advanced_validation: 'false' },
      faceSpecimen.file,
    );
    const check = await client.call('POST', '/checks', {
      applicant_id: applicantId,
      report_names: ['document', 'facial_similarity_photo'],
      document_ids: [document.json.id],
    });
    expect(check.status).toBe(201);
    expect(check.json).toMatchObject({
      status: 'in_progress',
      applicant_id: applicantId,
      report_ids: expect.any(Array),
    });
    const early = await client.call('GET', `/reports?check_id=${check.json.id}`);
    expect(early.json.reports.map((report: { status: string }) => report.status)).toEqual([
      'awaiting_data',
      'awaiting_data',
    ]);

    await new Promise((resolve) => setTimeout(resolve, 350));
    const done = await client.call('GET', `/checks/${check.json.id}`);
    expect(done.json).toMatchObject({ status: 'complete', result: 'consider' });
    const { reports } = (await client.call('GET', `/reports?check_id=${check.json.id}`)).json;
    const face = reports.find((report: { name: string }) => report.name === 'facial_similarity_photo');
    expect(face).toMatchObject({
      status: 'complete',
      result: 'consider',
      breakdown: {
        face_comparison: { result: 'consider' },
        visual_authenticity: { breakdown: { spoofing_detection: { result: 'clear' } } },
      },
    });
    const single = await client.call('GET', `/reports/${face?.id}`);
    expect(single.json).toEqual(face);
  });

  it('refuses a face check without a live photo', async () => {
    const client = onfidoClient(sim.url);
    const applicantId = await client.applicant();
    await client.uploadFile(
      '/documents',
      { applicant_id: applicantId, type: 'passport' },
      idSpecimens.passportValid.file,
    );
    const check = await client.call('POST', '/checks', {
      applicant_id: applicantId,
      report_names: ['document', 'facial_similarity_photo'],
    });
    expect(check.status).toBe(422);
  });

  it('completes a check lazily in a process that did not create it', async () => {
    await sim.controls.setOutcome({ delayMs: 100 });
    const client = onfidoClient(sim.url);
    const applicantId = await client.applicant();
    await client.uploadFile(
      '/documents',
      { applicant_id: applicantId, type: 'passport' },
      idSpecimens.passportValid.file,
    );
    const check = await client.call('POST', '/checks', { applicant_id: applicantId, report_names: ['document'] });
    // The creator goes away before the check is due: its timer never fires.
    await sim.close();
    const other = await startTestSimulator(dir);
    others.push(other);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const read = await onfidoClient(other.url).call('GET', `/checks/${check.json.id}`);
    expect(read.json).toMatchObject({ status: 'complete', result: 'clear' });
  });

  it('keeps the controls in the folder: two instances agree', async () => {
    const other = await startTestSimulator(dir);
    others.push(other);
    await sim.controls.setOutcome({ liveness: 'consider', delayMs: 50 });
    expect(await other.controls.outcome()).toEqual({ faceMatch: 'clear', liveness: 'consider', delayMs: 50 });
    await other.controls.setOutcome({ faceMatch: 'consider' });
    expect(await sim.controls.outcome()).toEqual({ faceMatch: 'consider', liveness: 'consider', delayMs: 50 });
    await expect(sim.controls.setOutcome({ delayMs: -1 })).rejects.toThrow(/delayMs/);
  });
});

describe('the Onfido simulator’s webhook', () => {
  it('posts a signed check.completed when a check completes, retrying a refusal', async () => {
    const received: { body: string; signature: string | undefined }[] = [];
    const receiver = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: request.headers['x-sha2-signature'] as string,
        });
        // The first attempt is refused: the simulator must try again.
        response.writeHead(received.length === 1 ? 503 : 200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    const dir = temporaryFolder();
    const sim = await startTestSimulator(dir, () => `http://127.0.0.1:${port}/hook`);
    try {
      await sim.controls.setOutcome({ delayMs: 0 });
      const client = onfidoClient(sim.url);
      const applicantId = await client.applicant();
      await client.uploadFile(
        '/documents',
        { applicant_id: applicantId, type: 'passport' },
        idSpecimens.passportValid.file,
      );
      const check = await client.call('POST', '/checks', { applicant_id: applicantId, report_names: ['document'] });
      await expect.poll(() => received.length, { timeout: 3000 }).toBe(2);
      const [first, second] = received;
      expect(second?.body).toBe(first?.body);
      expect(second?.signature).toBe(signOnfidoBody(second?.body ?? '', TEST_WEBHOOK_TOKEN));
      expect(JSON.parse(second?.body ?? '')).toEqual({
        payload: {
          resource_type: 'check',
          action: 'check.completed',
          object: {
            id: check.json.id,
            status: 'complete',
            completed_at_iso8601: expect.any(String),
            href: `${sim.url}/checks/${check.json.id}`,
          },
        },
      });
    } finally {
      await sim.close();
      receiver.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
