import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { OnfidoChecks } from './onfido-checks.ts';
import { notFound, OnfidoSimError, unauthorised, validationError } from './onfido-errors.ts';
import { sniffFormat } from './onfido-mrz-code.ts';
import { presentApplicant, presentCheck, presentFile, presentReport } from './onfido-present.ts';
import type { OnfidoFolderStore, SimApplicant, SimCheck, SimFile } from './onfido-store.ts';

/*
 * Onfido's REST API v3.6, the part Signlink calls: applicants, documents and live photos (multipart uploads), checks
 * and their reports. Mounted under `/v3.6`, as the SDK's base path ends.
 */

const MAX_FILE_BYTES = 10 * 1024 * 1024;
// Room for a file at the limit plus the form around it, so an oversized file gets Onfido's 422, not a 413.
const MAX_BODY_BYTES = 2 * MAX_FILE_BYTES;
const DOCUMENT_TYPES = ['passport', 'national_identity_card', 'driving_licence', 'residence_permit', 'unknown'];

type Params = FastifyRequest<{ Params: { id: string }; Querystring: { check_id?: string } }>;

function tokenOf(header: string | undefined): string | undefined {
  return /^Token token=(.+)$/.exec(header ?? '')?.[1]?.trim();
}

function sameToken(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Reads a multipart body with the platform's own parser (no dependency): fields as strings, the file as bytes. */
async function readForm(request: FastifyRequest) {
  const body = request.body;
  if (!(body instanceof Buffer)) throw validationError({ file: ['must be sent as multipart/form-data'] });
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': request.headers['content-type'] ?? '' } }).formData();
  } catch {
    throw validationError({ file: ['could not read the multipart body'] });
  }
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const file = form.get('file');
  if (!file || typeof file === 'string') throw validationError({ file: ["can't be blank"] });
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > MAX_FILE_BYTES) throw validationError({ file: ['must be smaller than 10 MB'] });
  const format = sniffFormat(bytes);
  if (!format) throw validationError({ file: ['has an invalid file type (JPG, PNG or PDF only)'] });
  return { field, bytes, format, fileName: file.name || 'upload' };
}

export const onfidoApiPlugin: FastifyPluginAsync<{
  apiToken: string;
  store: OnfidoFolderStore;
  checks: OnfidoChecks;
  /** The creating process completes the check when due and sends its webhook. */
  onCheckCreated: (check: SimCheck) => void;
}> = async (app, { apiToken, store, checks, onCheckCreated }) => {
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES }, (_r, body, done) =>
    done(null, body),
  );
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply: FastifyReply) => {
    if (error instanceof OnfidoSimError) return reply.code(error.status).send(error.toJSON());
    const status = error.statusCode ?? 500;
    const type = status >= 500 ? 'internal_server_error' : 'bad_request';
    return reply.code(status).send({ error: { type, message: error.message, fields: {} } });
  });
  app.addHook('onRequest', async (request) => {
    if (!sameToken(tokenOf(request.headers.authorization), apiToken)) throw unauthorised();
  });
  app.setNotFoundHandler(async () => {
    throw notFound();
  });

  app.post('/applicants', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const missing = ['first_name', 'last_name'].filter((name) => typeof body[name] !== 'string' || !body[name]);
    if (missing.length > 0)
      throw validationError(Object.fromEntries(missing.map((name) => [name, ["can't be blank"]])));
    const applicant: SimApplicant = {
      id: store.newId(),
      created_at: new Date().toISOString(),
      first_name: body.first_name as string,
      last_name: body.last_name as string,
    };
    store.save('applicants', applicant);
    return reply.code(201).send(presentApplicant(applicant));
  });
  app.get('/applicants/:id', async (request: Params) => presentApplicant(checks.applicant(request.params.id)));
  app.delete('/applicants/:id', async (request: Params, reply) => {
    checks.deleteApplicant(request.params.id);
    return reply.code(204).send();
  });

  const upload = (kind: SimFile['kind']) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { field, bytes, format, fileName } = await readForm(request);
    const applicantId = field('applicant_id') ?? '';
    if (!store.get('applicants', applicantId))
      throw validationError({ applicant_id: ['must be an existing applicant'] });
    const type = field('type');
    if (kind === 'document' && (!type || !DOCUMENT_TYPES.includes(type))) {
      throw validationError({ type: [`must be one of: ${DOCUMENT_TYPES.join(', ')}`] });
    }
    const side = field('side');
    if (side !== undefined && side !== 'front' && side !== 'back')
      throw validationError({ side: ['must be front or back'] });
    const file: SimFile = {
      id: store.newId(),
      kind,
      applicant_id: applicantId,
      created_at: new Date().toISOString(),
      file_name: fileName,
      file_type: format === 'application/pdf' ? 'pdf' : format === 'image/png' ? 'png' : 'jpg',
      file_size: bytes.byteLength,
      ...(kind === 'document' ? { type, side, issuing_country: field('issuing_country') } : {}),
    };
    // The bytes before the record: a check that sees the record finds its image.
    store.saveBytes(file.id, bytes);
    store.save('files', file);
    return reply.code(201).send(presentFile(file));
  };
  app.post('/documents', upload('document'));
  app.post('/live_photos', upload('live_photo'));
  const findFile = (kind: SimFile['kind']) => async (request: Params) => {
    const file = store.get<SimFile>('files', request.params.id);
    if (file?.kind !== kind) throw notFound();
    return presentFile(file);
  };
  app.get('/documents/:id', findFile('document'));
  app.get('/live_photos/:id', findFile('live_photo'));

  app.post('/checks', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const check = checks.create({
      applicantId: body.applicant_id,
      reportNames: body.report_names,
      documentIds: body.document_ids,
    });
    onCheckCreated(check);
    return reply.code(201).send(presentCheck(check));
  });
  app.get('/checks/:id', async (request: Params) => presentCheck(checks.find(request.params.id)));
  app.get('/reports', async (request: Params) => {
    const checkId = request.query.check_id;
    if (!checkId) throw validationError({ check_id: ["can't be blank"] });
    return { reports: checks.reportsOf(checkId).map(presentReport) };
  });
  app.get('/reports/:id', async (request: Params) => presentReport(checks.report(request.params.id)));
};
