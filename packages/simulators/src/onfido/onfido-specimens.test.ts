import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idSpecimens, unreadableSpecimen } from './id-specimens.ts';
import { readMrzFromBytes } from './onfido-mrz-code.ts';
import type { RunningOnfidoSimulator } from './onfido-simulator.ts';
import { onfidoClient, startTestSimulator, temporaryFolder } from './onfido-test-client.ts';
import { readY4mFirstFrame } from './y4m.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('the document report read from each specimen', () => {
  let dir: string;
  let sim: RunningOnfidoSimulator;

  beforeAll(async () => {
    dir = temporaryFolder();
    sim = await startTestSimulator(dir);
    await sim.controls.setOutcome({ delayMs: 0 });
  });
  afterAll(async () => {
    await sim.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Uploads the images as one document of the given type, runs a document check and answers its report. */
  async function documentReport(type: string, files: string[]) {
    const client = onfidoClient(sim.url);
    const applicantId = await client.applicant();
    const ids = [];
    for (const [index, file] of files.entries()) {
      const side = index === 0 ? 'front' : 'back';
      ids.push((await client.uploadFile('/documents', { applicant_id: applicantId, type, side }, file)).json.id);
    }
    const check = await client.call('POST', '/checks', {
      applicant_id: applicantId,
      report_names: ['document'],
      document_ids: ids,
    });
    const { reports } = (await client.call('GET', `/reports?check_id=${check.json.id}`)).json;
    expect(reports).toHaveLength(1);
    const [report] = reports;
    if (!report) throw new Error('no document report');
    return report;
  }

  it('clears the valid passport and reports what its MRZ says', async () => {
    const passport = idSpecimens.passportValid;
    const report = await documentReport('passport', [passport.file]);
    expect(report.result).toBe('clear');
    expect(report.breakdown.image_integrity?.result).toBe('clear');
    expect(report.properties).toMatchObject({
      document_type: 'passport',
      issuing_country: 'SWE',
      document_numbers: [{ type: 'document_number', value: passport.number }],
      date_of_expiry: passport.expiry,
      date_of_birth: passport.birthDate,
      first_name: passport.givenNames,
      last_name: passport.surname,
      mrz_line1: 'P<SWEERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
    });
    expect(report.properties.mrz_line2).toHaveLength(44);
    expect(report.properties).not.toHaveProperty('mrz_line3');
  });

  it('considers the expired passport, its expiry the reason', async () => {
    const report = await documentReport('passport', [idSpecimens.passportExpired.file]);
    expect(report.result).toBe('consider');
    expect(report.breakdown.data_validation?.breakdown).toMatchObject({
      expiry_date: { result: 'consider' },
      mrz: { result: 'clear' },
    });
    expect(report.properties.date_of_expiry).toBe(idSpecimens.passportExpired.expiry);
  });

  it('considers the passport with a wrong check digit', async () => {
    const report = await documentReport('passport', [idSpecimens.passportBadCheckDigit.file]);
    expect(report.result).toBe('consider');
    expect(report.breakdown.image_integrity?.result).toBe('clear');
    expect(report.breakdown.data_validation?.breakdown).toMatchObject({
      document_numbers: { result: 'consider' },
      mrz: { result: 'consider' },
    });
  });

  it('reads a national ID card’s three-line MRZ from its back', async () => {
    const card = idSpecimens.nationalIdBack;
    const report = await documentReport('national_identity_card', [idSpecimens.nationalIdFront.file, card.file]);
    expect(report.result).toBe('clear');
    expect(report.properties).toMatchObject({
      document_type: 'national_identity_card',
      document_numbers: [{ type: 'document_number', value: card.number }],
      date_of_expiry: card.expiry,
      mrz_line3: 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<',
    });
  });

  it('cannot read a national ID card from its front alone', async () => {
    const report = await documentReport('national_identity_card', [idSpecimens.nationalIdFront.file]);
    expect(report.result).toBe('consider');
    expect(report.breakdown.image_integrity?.result).toBe('consider');
  });

  it('reports a driving licence as one, with a consider', async () => {
    const report = await documentReport('driving_licence', [idSpecimens.drivingLicence.file]);
    expect(report).toMatchObject({ result: 'consider', properties: { document_type: 'driving_licence' } });
    expect(report.breakdown.image_integrity?.result).toBe('clear');
  });

  it('finds nothing to read on the unreadable card', async () => {
    const report = await documentReport('passport', [unreadableSpecimen.file]);
    expect(report.result).toBe('consider');
    expect(report.breakdown.image_integrity?.result).toBe('consider');
    expect(report.properties).not.toHaveProperty('mrz_line1');
  });
});

describe('the fake camera file', () => {
  it('shows the valid passport well enough that a JPEG capture of a frame still reads', () => {
    const frame = readY4mFirstFrame(fs.readFileSync(path.join(root, 'e2e/fixtures/id-camera.y4m')));
    expect({ width: frame.width, height: frame.height }).toEqual({ width: 640, height: 480 });
    // As a browser captures it: the frame drawn on a canvas and exported with toBlob('image/jpeg', 0.9).
    const capture = jpeg.encode({ data: Buffer.from(frame.data.buffer), width: frame.width, height: frame.height }, 90);
    const fromCamera = readMrzFromBytes(capture.data);
    expect(fromCamera).toEqual(readMrzFromBytes(fs.readFileSync(idSpecimens.passportValid.file)));
    expect(fromCamera?.[1]?.startsWith(idSpecimens.passportValid.number)).toBe(true);
  });
});
