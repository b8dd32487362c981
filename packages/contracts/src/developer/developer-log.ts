import { z } from 'zod';

/** The developer log (SPEC `/logger`; issue 26, part 6): the account's API errors of the last 30 days. */
export const developerLogDays = 30;

export const ZDeveloperLogQuery = z.object({
  /** Matched, case-insensitive, against the path, code, client name, request id, method and status. */
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type DeveloperLogQuery = z.infer<typeof ZDeveloperLogQuery>;

/** One refused or failed call of an integration: the route's pattern, never the URL as sent, and no bodies. */
export const ZDeveloperLogEntry = z.object({
  Id: z.string(),
  /** When it was answered (ISO 8601, UTC). */
  Time: z.string(),
  /** Null once the client is deleted; its name stays. */
  ClientId: z.string().nullable(),
  ClientName: z.string(),
  Method: z.string(),
  Path: z.string(),
  Status: z.number().int(),
  Code: z.string(),
  RequestId: z.string(),
});
export type DeveloperLogEntry = z.infer<typeof ZDeveloperLogEntry>;

export const ZDeveloperLogResponse = z.object({
  Entries: z.array(ZDeveloperLogEntry),
  Total: z.number().int().nonnegative(),
  Page: z.number().int().min(1),
  PageSize: z.number().int().min(1),
});
export type DeveloperLogResponse = z.infer<typeof ZDeveloperLogResponse>;
