import type { CompanyRegistry } from './company-registry.port.ts';
import { CompanyRegistryError } from './company-registry-error.ts';
import { parseJson, requestRoaring, roaringHttpError } from './roaring-http.ts';
import { recordsOf, toRegisteredCompany } from './roaring-records.ts';
import { createRoaringTokens } from './roaring-token.ts';

/*
 * Roaring.io's Swedish company APIs (https://api.roaring.io), which serve Bolagsverket's register of companies, their
 * officers and signatory rules, and the register of beneficial owners, behind one OAuth 2.0 client:
 *
 * - Token: help.roaring.io, "Company Report API", step 3 (see roaring-token.ts).
 * - Company Overview 2.0, `GET /se/company/overview/2.0/{companyId}`: Roaring's published Swagger
 *   (app.roaring.io/v2/developer/apis/se-company-overview-2.0, copied in github.com/roaringio/api-examples,
 *   java/client-codegen/swagger.json): `OverviewsResult { records: Overview[], status: { code: 0 found, 1 not
 *   found } }`, 404 when there is no such company, `ServerError { error, message }` on 500.
 * - Signing Combinations 2.0, `GET /se/company/signing-combinations/2.0/{companyId}`: the example answer on
 *   roaring.io/en/services/signatory (`combinations`: groups of `{ name, personalNumber, positions }` who sign
 *   together), inside the `records` list that the 2.0 APIs put around the 1.x answer.
 * - Board Members 2.0, `GET /se/company/board-members/2.0/{companyId}`: the 1.1 answer's fields (`boardMembers`:
 *   `{ personalNumber, firstName, surName, roleCode, roleName, fromDate }`), inside `records` as above.
 * - Beneficial Owner 2.1, `GET /se/beneficialowner/2.1/company/{companyId}` (developer.roaring.io, se-beneficialowner-
 *   2.1; 2.0 is retired): `records[].beneficialOwners` with each owner's `personalNumber` and name. The portal shows
 *   the path but we found no published example of an owner's fields: check them against Roaring's sandbox before
 *   relying on beneficial owners in production.
 *
 * The simulator (packages/simulators/src/company-registry) serves the same protocol, so this code runs in tests.
 */

export const ROARING_API_URL = 'https://api.roaring.io';

export interface RoaringConfig {
  /** Roaring's origin (`ROARING_API_URL`; sandbox keys use the same host), or the simulator's. */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** Per request, connection and response body included. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

export function createRoaringCompanyRegistry(config: RoaringConfig): CompanyRegistry {
  const apiUrl = config.apiUrl.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const tokens = createRoaringTokens({
    tokenUrl: `${apiUrl}/token`,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    timeoutMs,
  });

  async function get(path: string) {
    const send = (token: string) =>
      requestRoaring(
        `${apiUrl}${path}`,
        { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
        timeoutMs,
      );
    const token = await tokens.get();
    const answer = await send(token.value);
    // A kept token can be revoked before its stated expiry: one new token, one more try. A new token refused is final.
    if (answer.status !== 401 || token.isFresh) return answer;
    tokens.forget(token.value);
    return send((await tokens.get()).value);
  }

  /** The answer's records; undefined for 404, which Roaring answers when it has nothing for the company. */
  async function records(what: string, path: string) {
    const answer = await get(path);
    if (answer.status === 404) return undefined;
    if (answer.status !== 200) throw roaringHttpError(what, answer);
    return recordsOf(what, parseJson(what, answer));
  }

  return {
    async findCompany(orgNumber) {
      if (!/^\d{10}$/.test(orgNumber)) {
        throw new CompanyRegistryError({
          message: 'Roaring: the organisation number must be 10 digits',
          isRetryable: false,
        });
      }
      const [overview] = (await records('overview', `/se/company/overview/2.0/${orgNumber}`)) ?? [];
      if (!overview) return undefined;
      // All three or none: a company with some of its officers missing could refuse a person who may act for it.
      const [boardMembers, signingCombinations, beneficialOwners] = await Promise.all([
        records('board members', `/se/company/board-members/2.0/${orgNumber}`),
        records('signing combinations', `/se/company/signing-combinations/2.0/${orgNumber}`),
        records('beneficial owners', `/se/beneficialowner/2.1/company/${orgNumber}`),
      ]);
      return toRegisteredCompany({
        orgNumber,
        overview,
        boardMembers: boardMembers ?? [],
        signingCombinations: signingCombinations ?? [],
        beneficialOwners: beneficialOwners ?? [],
      });
    },
  };
}
