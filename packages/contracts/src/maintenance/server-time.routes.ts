import { defineRoute } from '../http/route-contract.ts';
import { ZServerTimeResponse } from './server-time.ts';

export const findServerTimeRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/time',
  tags: ['system'],
  // The maintenance countdown of every visitor, signed in or not, reads it (SPEC section 9).
  callers: ['public'],
  summary: "The server's current time (UTC), for maintenance countdowns",
  responses: { 200: ZServerTimeResponse },
  errors: [],
});
