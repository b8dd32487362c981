import { defineRoute } from '../http/route-contract.ts';
import { ZChangePassword, ZChangePasswordResponse } from './password.ts';

/** E-mail login's password, set or changed from the personal preferences (the path is ours: DECISIONS). */
export const changePasswordRoute = defineRoute({
  method: 'PUT',
  path: '/linktinker/app/user/password',
  tags: ['user'],
  callers: ['session'],
  summary:
    'Set or change the password of e-mail login (10 to 200 characters); the current one is needed when there ' +
    "is one, and the user's other sessions end",
  body: ZChangePassword,
  responses: { 200: ZChangePasswordResponse },
  // A missing or wrong current password is WRONG_PASSWORD (403, not 401: the user stays signed in); too many wrong
  // ones are RATE_LIMITED, a user without an e-mail address VALIDATION_FAILED.
  errors: ['WRONG_PASSWORD'],
});
