import { defineRoute } from '../http/route-contract.ts';
import { ZDeveloperLogQuery, ZDeveloperLogResponse } from './developer-log.ts';

/**
 * The developer log (SPEC section 2 `/logger`; issue 26, part 6). SPEC names the screen but no call, so the path
 * follows the other developer calls (`linktinker/app/api/…`). A company's administrators read it; only people,
 * never an integration reading its own refusals.
 */
export const listDeveloperLogRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/api/logs',
  tags: ['developer'],
  callers: ['session'],
  summary: "The account's API errors of the last 30 days, newest first, searched and paged (administrators)",
  query: ZDeveloperLogQuery,
  responses: { 200: ZDeveloperLogResponse },
  errors: ['FORBIDDEN'],
});
