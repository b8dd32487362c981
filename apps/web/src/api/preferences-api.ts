import type { UserPreferences, ZUpdateUserPreferences } from '@signlink/contracts/auth/user-preferences';
import type { ApiClient } from './api-client.ts';
import type { Parsed } from './auth-api.ts';

export type { UserPreferences };
export type UpdateUserPreferences = Parsed<typeof ZUpdateUserPreferences>;

/** The query key path of useApiQuery (api-context.tsx); a save puts its answer there. */
export const preferencesPath = 'linktinker/app/user/preferences';

/** The personal preferences settings section; the screen shows its own error line. */
export function createPreferencesApi(client: ApiClient) {
  return {
    update: (body: UpdateUserPreferences) => client.put<UserPreferences>(preferencesPath, body, { silent: true }),
  };
}
