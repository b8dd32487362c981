import type { ZChangePassword, ZChangePasswordResponse } from '@signlink/contracts/auth/password';
import type { UserPreferences, ZUpdateUserPreferences } from '@signlink/contracts/auth/user-preferences';
import type { ApiClient } from './api-client.ts';
import type { Parsed } from './auth-api.ts';

export type { UserPreferences };
export type UpdateUserPreferences = Parsed<typeof ZUpdateUserPreferences>;
export type ChangePassword = Parsed<typeof ZChangePassword>;
export type ChangePasswordResponse = Parsed<typeof ZChangePasswordResponse>;

/** The query key path of useApiQuery (use-api-query.ts); a save puts its answer there. */
export const preferencesPath = 'linktinker/app/user/preferences';

/** The personal preferences settings section; the screen shows its own error line. */
export function createPreferencesApi(client: ApiClient) {
  return {
    update: (body: UpdateUserPreferences) => client.put<UserPreferences>(preferencesPath, body, { silent: true }),
    // Not sent again on its own: a repeated wrong current password would count twice towards the lock.
    changePassword: (body: ChangePassword) =>
      client.put<ChangePasswordResponse>('linktinker/app/user/password', body, { silent: true, extraTries: 0 }),
  };
}
