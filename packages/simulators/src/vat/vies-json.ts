import { randomBytes } from 'node:crypto';
import type { SimVatRegistration } from './vies-test-vat-numbers.ts';

/*
 * VIES's JSON for `POST /check-vat-number`, the shapes the real adapter reads (packages/providers/src/vat/
 * vies.adapter.ts lists the documents each comes from): a `CheckVatResponse` for a verdict, a `CommonResponse`
 * `{ actionSucceed: false, errorWrappers }` for an error.
 */

// VIES's placeholder for what a member state does not share, and for every trader field of a check that sent none.
const NOT_SHARED = '---';

export function checkVatAnswer(input: {
  countryCode: string;
  vatNumber: string;
  registration: SimVatRegistration | undefined;
  hasRequester: boolean;
}) {
  const { registration } = input;
  return {
    countryCode: input.countryCode,
    vatNumber: input.vatNumber,
    requestDate: new Date().toISOString(),
    valid: registration !== undefined,
    // A consultation number only for a check that named its requester.
    requestIdentifier: input.hasRequester ? consultationNumber() : '',
    name: registration?.name ?? NOT_SHARED,
    address: registration?.address ?? NOT_SHARED,
    // The approximate match's fields, which the adapter ignores: a check that sent no trader data gets them unprocessed.
    traderName: NOT_SHARED,
    traderStreet: NOT_SHARED,
    traderPostalCode: NOT_SHARED,
    traderCity: NOT_SHARED,
    traderCompanyType: NOT_SHARED,
    traderNameMatch: 'NOT_PROCESSED',
    traderStreetMatch: 'NOT_PROCESSED',
    traderPostalCodeMatch: 'NOT_PROCESSED',
    traderCityMatch: 'NOT_PROCESSED',
    traderCompanyTypeMatch: 'NOT_PROCESSED',
  };
}

export function viesErrorBody(error: string, message?: string) {
  return { actionSucceed: false, errorWrappers: [{ error, ...(message ? { message } : {}) }] };
}

/** Shaped like VIES's consultation numbers (`WAPI` and letters); unique enough for a simulator. */
function consultationNumber(): string {
  const letters = [...randomBytes(11)].map((byte) => String.fromCharCode(65 + (byte % 26)));
  return `WAPI${letters.join('')}`;
}
