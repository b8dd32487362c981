import { ZErrorResponse } from '@signlink/contracts/errors/error-response';

/** The catalogue answers the account-user routes can give (SPEC section 8). */
export const accountRouteErrors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  410: ZErrorResponse,
  429: ZErrorResponse,
};

/** OpenAPI: the route needs a signed-in user's bearer token. */
export const bearerSecurity = [{ bearer: [] }];
