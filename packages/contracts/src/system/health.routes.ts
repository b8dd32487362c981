import { defineRoute } from '../http/route-contract.ts';
import { ZHealthResponse } from './health.ts';

export const checkHealthRoute = defineRoute({
  method: 'GET',
  path: '/health',
  tags: ['system'],
  // Load balancers and uptime checks ask, with nothing to show.
  callers: ['public'],
  summary: 'Liveness and readiness: the database and the job queue',
  // A degraded process answers 503 with this same body (the route serialises it by this schema).
  responses: { 200: ZHealthResponse },
  errors: [],
});
