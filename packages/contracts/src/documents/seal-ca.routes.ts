import { defineRoute } from '../http/route-contract.ts';

export const downloadSealCaRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/verify/ca',
  tags: ['verification'],
  callers: ['public'],
  summary: 'The CA certificate behind our seals (PEM), to trust in a PDF reader or a verifier; no login needed',
  // application/x-pem-file, as a download.
  responses: { 200: null },
  file: true,
  // A server that seals with no CA of ours (a certificate from elsewhere) has none to give.
  errors: ['NOT_FOUND'],
});
