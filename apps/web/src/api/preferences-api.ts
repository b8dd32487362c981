import type { ChangePassword } from '@signlink/contracts/auth/password';
import { changePasswordRoute } from '@signlink/contracts/auth/password.routes';
import type { UpdateUserPreferences } from '@signlink/contracts/auth/user-preferences';
import { updateUserPreferencesRoute } from '@signlink/contracts/auth/user-preferences.routes';
import type { ApiClient } from './api-client.ts';

/** The personal preferences settings section; the screen shows its own error line. */
export function createPreferencesApi(client: ApiClient) {
  return {
    update: (body: UpdateUserPreferences) => client.api(updateUserPreferencesRoute, { body }, { silent: true }),
    // Not sent again on its own: a repeated wrong current password would count twice towards the lock.
    changePassword: (body: ChangePassword) =>
      client.api(changePasswordRoute, { body }, { silent: true, extraTries: 0 }),
  };
}
