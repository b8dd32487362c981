import type { VatValidator } from './vat-validation.port.ts';
import { VatValidationError } from './vat-validation-error.ts';
import { readViesAnswer } from './vies-answer.ts';
import { requestVies } from './vies-http.ts';

/*
 * The European Commission's VIES REST API (https://ec.europa.eu/taxation_customs/vies/rest-api), which asks the
 * member state that issued a VAT number whether it is registered. No credentials; a public service with per-member-
 * state outages and concurrency limits. What we followed:
 *
 * - Request: `POST /check-vat-number`, JSON `{ countryCode, vatNumber }` with the number without its prefix, and
 *   optionally `{ requesterMemberStateCode, requesterNumber }`, which makes VIES issue a consultation number
 *   (`requestIdentifier`). The EC's OpenAPI document, ec.europa.eu/assets/taxud/vow-information/swagger_publicVAT.yaml
 *   (`CheckVatRequest`, `CheckVatResponse`, `CommonResponse`), as clients built on it use it: github.com/znojil/vies
 *   (src/Client.php, src/Request/CheckVatNumberRequest.php) and github.com/MattiaFaroni/vat-validation
 *   (model/vies/CheckVatRequest.java, CheckVatResponse.java, CommonResponse.java).
 * - Answer: `{ countryCode, vatNumber, requestDate, valid, requestIdentifier, name, address, trader…Match }`, with
 *   name and address `---` when not shared and `requestIdentifier` empty without a requester: znojil/vies's recorded
 *   answers (tests/Fixtures/data/check-vat-number/valid.json, invalid.json).
 * - Errors: `{ actionSucceed: false, errorWrappers: [{ error, message? }] }`, with HTTP 200 for VIES's own errors
 *   (`MS_UNAVAILABLE`…) and 500 for the gateway's (`VOW-ERR-1`): znojil/vies tests/Cases/Client.phpt; the same
 *   bodies for MS_UNAVAILABLE and MS_MAX_CONCURRENT_REQ logged in github.com/jofme/D365FinanceToolbox issue 73. The
 *   codes' meanings: the SOAP service's checkVatService.wsdl, quoted in github.com/ddeboer/vatin issue 38 and
 *   github.com/iconfinder/pyvat issue 64 (see vies-answer.ts for which are worth retrying).
 *
 * The simulator (packages/simulators/src/vat) serves the same protocol, so this code runs in tests.
 */

export const VIES_API_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api';

export interface ViesConfig {
  /** The REST API's base URL (`VIES_API_URL`), or the simulator's. */
  apiUrl: string;
  /** Signlink's own VAT number, split as parseVatNumber splits it: VIES then issues a consultation number. */
  requester?: { countryCode: string; vatNumber: string };
  /** Per request, connection and response body included. */
  timeoutMs?: number;
}

// VIES waits for the member state itself before it answers, which takes seconds for some.
const DEFAULT_TIMEOUT_MS = 10_000;

export function createViesVatValidator(config: ViesConfig): VatValidator {
  const url = `${config.apiUrl.replace(/\/+$/, '')}/check-vat-number`;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const requester = config.requester
    ? { requesterMemberStateCode: config.requester.countryCode, requesterNumber: config.requester.vatNumber }
    : {};

  return {
    async check(countryCode, vatNumber) {
      // parseVatNumber's output, or a caller bug: a prefix in the number or separators would only come back invalid.
      if (!/^[A-Z]{2}$/.test(countryCode) || !/^[0-9A-Z+*]{2,12}$/.test(vatNumber)) {
        throw new VatValidationError({
          message: 'VIES: pass the prefix and the national number apart, as parseVatNumber splits them',
          isRetryable: false,
        });
      }
      const answer = await requestVies(
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ countryCode, vatNumber, ...requester }),
        },
        timeoutMs,
      );
      return readViesAnswer(answer, { countryCode, vatNumber });
    },
  };
}
