import { z } from 'zod';

const ZComponentHealth = z.object({
  status: z.enum(['up', 'down']),
  latencyMs: z.number().nonnegative(),
  detail: z.string().optional(),
});

/** GET /v2/health: the process, its database and its job queue. */
export const ZHealthResponse = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    roles: z.array(z.enum(['api', 'worker'])),
    database: ZComponentHealth.extend({ driver: z.enum(['pglite', 'postgres']) }),
    queue: ZComponentHealth.extend({
      queued: z.number().int().nonnegative(),
      active: z.number().int().nonnegative(),
      failed: z.number().int().nonnegative(),
      /** When any worker last finished a job: an API-only deployment sees here whether workers live. */
      lastCompletedAt: z.iso.datetime().nullable(),
    }),
    time: z.iso.datetime(),
  })
  .meta({ id: 'HealthResponse' });

export type HealthResponse = z.infer<typeof ZHealthResponse>;
