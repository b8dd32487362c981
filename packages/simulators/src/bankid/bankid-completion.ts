import { createHash, randomBytes } from 'node:crypto';
import type { BankIdOrderRequest } from './bankid-requests.ts';
import type { BankIdTestPerson } from './bankid-test-persons.ts';

/*
 * collect's `completionData` for a completed order (RP API v6.0). The signature has the shape of BankID's
 * (an XML Signature whose Object holds `bankIdSignedData` with the visible and non-visible data), but its
 * SignatureValue and certificate are placeholders and its digest is over the element as written, not over its
 * exclusive canonicalisation: the simulator proves our handling of the protocol, not of BankID's cryptography.
 */

export interface BankIdCompletionData {
  user: { personalNumber: string; name: string; givenName: string; surname: string };
  device: { ipAddress: string; uhi: string };
  bankIdIssueDate: string;
  stepUp?: { mrtd: boolean };
  signature: string;
  ocspResponse: string;
  risk?: 'low' | 'moderate' | 'high';
}

// A phone order has no browser address; this stands for the phone's (TEST-NET-1, RFC 5737).
const PHONE_IP_ADDRESS = '192.0.2.10';

function signedDataXml(request: BankIdOrderRequest, relyingPartyName: string, orderRef: string): string {
  const visible = request.userVisibleData
    ? `<usrVisibleData charset="UTF-8" visible="wysiwys">${request.userVisibleData}</usrVisibleData>`
    : '';
  const nonVisible = request.userNonVisibleData
    ? `<usrNonVisibleData>${request.userNonVisibleData}</usrNonVisibleData>`
    : '';
  const displayName = Buffer.from(relyingPartyName, 'utf8').toString('base64');
  return (
    '<bankIdSignedData xmlns="http://www.bankid.com/signature/v1.0.0/types" Id="bidSignedData">' +
    `${visible}${nonVisible}` +
    `<srvInfo><name>${displayName}</name><nonce>${randomBytes(20).toString('base64')}</nonce>` +
    `<displayName>${displayName}</displayName></srvInfo>` +
    `<clientInfo><funcId>${request.kind.endsWith('sign') ? 'Signing' : 'Identification'}</funcId>` +
    `<host><orderRef>${orderRef}</orderRef></host></clientInfo>` +
    '</bankIdSignedData>'
  );
}

function signatureXml(signedData: string): string {
  const digest = createHash('sha256').update(signedData, 'utf8').digest('base64');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>' +
    '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo>' +
    '<CanonicalizationMethod Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"/>' +
    '<SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>' +
    '<Reference Type="http://www.bankid.com/signature/v1.0.0/types" URI="#bidSignedData">' +
    '<Transforms><Transform Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"/></Transforms>' +
    `<DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/><DigestValue>${digest}</DigestValue>` +
    '</Reference></SignedInfo>' +
    `<SignatureValue>${Buffer.from('BankID simulator: not a real signature').toString('base64')}</SignatureValue>` +
    `<Object>${signedData}</Object></Signature>`
  );
}

export function buildCompletionData(input: {
  orderRef: string;
  request: BankIdOrderRequest;
  person: BankIdTestPerson;
  relyingPartyName: string;
}): BankIdCompletionData {
  const { orderRef, request, person, relyingPartyName } = input;
  const signedData = signedDataXml(request, relyingPartyName, orderRef);
  const ocsp = Buffer.concat([Buffer.from('BankID simulator OCSP response (not real):'), randomBytes(32)]);
  return {
    user: {
      personalNumber: person.personalNumber,
      name: `${person.givenName} ${person.surname}`,
      givenName: person.givenName,
      surname: person.surname,
    },
    device: { ipAddress: request.endUserIp ?? PHONE_IP_ADDRESS, uhi: person.uhi },
    bankIdIssueDate: person.bankIdIssueDate,
    // BankID reports stepUp only when the order asked for the passport check (requirement.mrtd).
    ...(request.requirement?.mrtd ? { stepUp: { mrtd: true } } : {}),
    signature: Buffer.from(signatureXml(signedData), 'utf8').toString('base64'),
    ocspResponse: ocsp.toString('base64'),
    ...(request.returnRisk ? { risk: 'low' as const } : {}),
  };
}
