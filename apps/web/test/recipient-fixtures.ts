import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';

/** An access answer of `links/{id}/access` for a recipient page's tests: no files, nothing signed. */
export const accessFixture = {
  RequestToken: 'request-token',
  TokenExpiresAt: '2030-01-01T00:00:00.000Z',
  DocumentId: 'doc-1',
  Documents: [],
  UserData: [],
  Signatures: [],
  Aggregates: {
    allSigned: false,
    anySigned: false,
    userAllSigned: false,
    lastSignByMe: false,
    allPaid: true,
    userAllPaid: true,
    lastPaymentByMe: false,
  },
  State: 'open',
  SealedPdfAvailable: false,
  Messages: { Document: null, Personal: null },
  Settings: {
    allowPrinting: true,
    allowDownloading: true,
    allowNameClarification: false,
    disableSubmit: false,
    enableSharing: false,
    requireFormApproval: false,
  },
} satisfies LinkAccessResponse;

/** A link's details (`GET links/{id}`) for a recipient page's tests: no gate, the sender's name, English. */
export const linkDetailsFixture = {
  Code: 'ABC123',
  PreviewCode: null,
  LinkName: 'Lease 2027',
  Language: 'en-us',
  OwnerData: { LogoUrl: null, ConsentMessage: null, CompanyName: 'Sender AB', PrivacyUrl: null },
  RequireBankID: false,
  RequireSMS: false,
  RequireEmail: false,
  PhoneNumberMasked: null,
  EmailAddressMasked: null,
  AllowAlternativeDownload: true,
};
