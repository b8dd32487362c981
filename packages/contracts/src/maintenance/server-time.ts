import { z } from 'zod';

/** `GET linktinker/time` (DECISIONS): the server's clock, so countdowns do not trust the visitor's. */
export const ZServerTimeResponse = z.object({ utc: z.iso.datetime() }).meta({ id: 'ServerTimeResponse' });
export type ServerTimeResponse = z.infer<typeof ZServerTimeResponse>;
