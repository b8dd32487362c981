import { Configuration, DefaultApi, FileTransfer, WebhookEventVerifier } from '@onfido/api';
import {
  type CheckOutcome,
  type IdImage,
  IdVerificationError,
  type IdVerificationProvider,
  type VendorEvent,
} from './id-verification.port.ts';
import { documentReadingOf, faceReadingOf, isDocumentReport, isFaceReport } from './onfido-readings.ts';

export interface OnfidoConfig {
  apiToken: string;
  webhookToken: string;
  /** The API base with its version, e.g. https://api.eu.onfido.com/v3.6, or the simulator's. */
  apiUrl: string;
  /** Per request; the SDK's default is 30 s. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * No answer, Onfido's own failure, or its rate limit: worth trying again later. Any other 4xx is a refusal of what we
 * sent. The message names the call and the status only: Onfido's answers may echo personal data.
 */
function errorOf(operation: string, error: unknown): IdVerificationError {
  const response = (error as { response?: { status?: number; data?: { error?: { type?: unknown } } } }).response;
  const status = response?.status;
  if (status === undefined)
    return new IdVerificationError('unavailable', `Onfido ${operation}: no answer`, { cause: error });
  const type = typeof response?.data?.error?.type === 'string' ? ` (${response.data.error.type})` : '';
  const kind = status >= 500 || status === 429 ? 'unavailable' : 'rejected';
  return new IdVerificationError(kind, `Onfido ${operation}: ${status}${type}`);
}

/** The multipart part's type comes from the name's extension: make sure it has the one the bytes are. */
function fileOf(image: IdImage): FileTransfer {
  const extension = image.contentType === 'image/png' ? '.png' : '.jpg';
  const hasExtension = /\.(png|jpe?g)$/i.test(image.fileName);
  return new FileTransfer(Buffer.from(image.bytes), hasExtension ? image.fileName : `${image.fileName}${extension}`);
}

async function call<T>(operation: string, run: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await run()).data;
  } catch (error) {
    throw errorOf(operation, error);
  }
}

/** Onfido over its official SDK (API v3.6); pointed at the simulator by `apiUrl` in development and tests. */
export function createOnfidoIdVerification(config: OnfidoConfig): IdVerificationProvider {
  const api = new DefaultApi(
    new Configuration({
      apiToken: config.apiToken,
      basePath: config.apiUrl,
      baseOptions: { timeout: config.timeoutMs ?? DEFAULT_TIMEOUT_MS },
    }),
  );
  const verifier = new WebhookEventVerifier(config.webhookToken);

  return {
    vendor: 'onfido',

    async createApplicant({ firstName, lastName }) {
      const applicant = await call('createApplicant', () =>
        api.createApplicant({ first_name: firstName, last_name: lastName }),
      );
      return { applicantId: applicant.id };
    },

    async uploadDocument({ applicantId, documentType, side, image }) {
      const type = documentType === 'passport' ? 'passport' : 'national_identity_card';
      const document = await call('uploadDocument', () =>
        api.uploadDocument(type, applicantId, fileOf(image), undefined, side),
      );
      return { fileId: document.id };
    },

    async uploadLivePhoto({ applicantId, image }) {
      // Onfido's advanced validation refuses photos without exactly one clear face; our server judges the report.
      const photo = await call('uploadLivePhoto', () => api.uploadLivePhoto(applicantId, fileOf(image), false));
      return { fileId: photo.id };
    },

    async startCheck({ applicantId, documentIds, withFace }) {
      const check = await call('createCheck', () =>
        api.createCheck({
          applicant_id: applicantId,
          report_names: withFace ? ['document', 'facial_similarity_photo'] : ['document'],
          document_ids: documentIds,
        }),
      );
      return { checkId: check.id };
    },

    async readCheck({ checkId }): Promise<CheckOutcome> {
      const check = await call('findCheck', () => api.findCheck(checkId));
      if (check.status !== 'complete') return { status: 'in-progress' };
      const { reports } = await call('listReports', () => api.listReports(checkId));
      const documentReport = reports.find(isDocumentReport);
      if (!documentReport)
        throw new IdVerificationError('rejected', 'Onfido listReports: the check has no document report');
      const faceReport = reports.find(isFaceReport);
      return {
        status: 'complete',
        checkId,
        document: documentReadingOf(documentReport),
        ...(faceReport ? { face: faceReadingOf(faceReport) } : {}),
      };
    },

    async deleteApplicant({ applicantId }) {
      await call('deleteApplicant', () => api.deleteApplicant(applicantId));
    },

    readWebhook({ rawBody, signature }): VendorEvent {
      let event: { payload?: { resource_type?: unknown; action?: unknown; object?: { id?: unknown } } };
      try {
        if (!signature) throw new Error('no signature');
        // The verifier throws on a signature of the wrong length too (timingSafeEqual): that is a forgery as well.
        event = verifier.readPayload(Buffer.from(rawBody), signature) as typeof event;
      } catch (error) {
        throw new IdVerificationError('forged', 'Onfido webhook: the signature does not hold', { cause: error });
      }
      const payload = event.payload;
      if (typeof payload?.resource_type !== 'string' || typeof payload.action !== 'string') {
        throw new IdVerificationError('forged', 'Onfido webhook: no payload');
      }
      const objectId = payload.object?.id;
      return {
        resourceType: payload.resource_type,
        action: payload.action,
        ...(payload.resource_type === 'check' && typeof objectId === 'string' ? { checkId: objectId } : {}),
      };
    },
  };
}
