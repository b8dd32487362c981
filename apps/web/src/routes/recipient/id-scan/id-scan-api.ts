import {
  type IdScanSide,
  idScanConsentVersion,
  type OfferedIdDocumentType,
  type SignIdLiveRequest,
  type SignInkWithIdRequest,
} from '@signlink/contracts/id-scan/id-scan';
import {
  addIdScanDocumentImageRoute,
  addIdScanFaceImageRoute,
  applyIdScanRoute,
  findIdScanRoute,
  removeIdScanRoute,
  signLinkWithIdLiveRoute,
  signLinkWithInkAndIdRoute,
  startIdScanRoute,
} from '@signlink/contracts/id-scan/id-scan.routes';
import type { ApiClient } from '../../../api/api-client.ts';

/** A photo as the recipient took or chose it: its bytes and their type, sent as the raw body. */
export interface ScanPhoto {
  bytes: Uint8Array;
  type: string;
}

/**
 * The ID-scan calls of one link (SPEC section 7, `links/{id}/idscan/…`). Silent: the dialog says what failed beside
 * the step. Only reading the state is tried again blindly; every other call changes the scan or signs.
 */
const silent = { silent: true, auth: 'client' } as const;
const once = { ...silent, extraTries: 0 } as const;

export function createIdScanApi(client: ApiClient, linkId: string, requestToken: string) {
  const params = { id: linkId };
  const scan = (IdScanId: string) => ({ RequestToken: requestToken, IdScanId });
  const imageHeaders = (photo: ScanPhoto) => ({ ...once, headers: { 'Content-Type': photo.type } });
  return {
    /** The recipient accepted the consent text of this version; any unfinished scan of the slot ends. */
    start: (signatureIndex: number) =>
      client.api(
        startIdScanRoute,
        {
          params,
          body: {
            RequestToken: requestToken,
            SignatureIndex: signatureIndex,
            BiometricConsent: true,
            ConsentTextVersion: idScanConsentVersion,
          },
        },
        once,
      ),
    addDocumentImage: (input: {
      scanId: string;
      documentType: OfferedIdDocumentType;
      side: IdScanSide;
      photo: ScanPhoto;
    }) =>
      client.api(
        addIdScanDocumentImageRoute,
        {
          params,
          query: { ...scan(input.scanId), DocumentType: input.documentType, Side: input.side },
          body: input.photo.bytes,
        },
        imageHeaders(input.photo),
      ),
    addFaceImage: (scanId: string, photo: ScanPhoto) =>
      client.api(addIdScanFaceImageRoute, { params, query: scan(scanId), body: photo.bytes }, imageHeaders(photo)),
    apply: (scanId: string) => client.api(applyIdScanRoute, { params, body: scan(scanId) }, once),
    find: (scanId: string) =>
      client.api(findIdScanRoute, { params: { id: linkId, scanId }, query: { RequestToken: requestToken } }, silent),
    remove: (scanId: string) => client.api(removeIdScanRoute, { params, body: scan(scanId) }, once),
    signLive: (body: Omit<SignIdLiveRequest, 'RequestToken'>) =>
      client.api(signLinkWithIdLiveRoute, { params, body: { ...body, RequestToken: requestToken } }, once),
    signInk: (body: Omit<SignInkWithIdRequest, 'RequestToken'>) =>
      client.api(signLinkWithInkAndIdRoute, { params, body: { ...body, RequestToken: requestToken } }, once),
  };
}
export type IdScanApi = ReturnType<typeof createIdScanApi>;
