import type { AccessRules } from './access-rules.ts';

/**
 * The developer log (issue 26, part 6): the account's administrators only, who make its integrations. B's
 * administrator reads B's own log, which holds none of A's rows (developer-log.routes.test.ts shows it).
 */
export const developerLogRules: AccessRules = {
  'GET /linktinker/app/api/logs': {
    session: { allowed: ['admin'], resource: 'own account', sample: () => ({ query: { search: 'cli' } }) },
  },
};
