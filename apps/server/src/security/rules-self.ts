import { injectWithToken } from '../../test/sign-in.ts';
import { freshEmail } from '../modules/accounts/account-users-test-helpers.ts';
import { readSentCode } from '../modules/verification-codes/verification-codes-test-helpers.ts';
import type { AccessRules, CallerName } from './access-rules.ts';
import type { World } from './security-world-test-helpers.ts';

/** A second session of the caller's: the call ends or replaces the session it is made in. */
const ownSession = async (world: World, who: CallerName | null) => (who ? { token: await world.relogin(who) } : {});

/** A personal account's e-mail proved by a new user in the caller's place; step 2 takes its code. */
async function provenPersonalEmail(world: World, who: CallerName | null) {
  if (!who) return { body: { EmailAddressToken: 'x', Code: '000000' } };
  const caller = await world.freshCaller(who);
  const email = freshEmail('Personal').toLowerCase();
  const sent = await injectWithToken(
    world.testApp,
    caller.token,
    'POST',
    '/v2/linktinker/app/personalaccounts/validation/email',
    {
      EmailAddress: email,
    },
  );
  if (sent.statusCode !== 200) throw new Error(`personal e-mail: ${sent.statusCode} ${sent.body}`);
  const code = await readSentCode(world.testApp.database, email);
  return { token: caller.token, body: { EmailAddressToken: sent.json().EmailAddressToken, Code: code } };
}

/** What every signed-in user has for themselves (SPEC section 6): each acts on their own session and settings. */
export const selfRules: AccessRules = {
  'GET /user': { session: { allowed: 'every role', resource: 'the caller', sample: () => ({}) } },
  'GET /user/lang': { session: { allowed: 'every role', resource: 'the caller', sample: () => ({}) } },
  'POST /user/lang': {
    session: { allowed: 'every role', resource: 'the caller', sample: () => ({ body: { lang: 'en-us' } }) },
  },
  'GET /linktinker/app/user/preferences': {
    session: { allowed: 'every role', resource: 'the caller', sample: () => ({}) },
  },
  'PUT /linktinker/app/user/preferences': {
    session: {
      allowed: 'every role',
      resource: 'the caller',
      sample: () => ({ body: { Name: 'Test User', Language: 'en-us' } }),
    },
  },
  'PUT /linktinker/app/user/password': {
    session: {
      allowed: 'every role',
      resource: 'the caller',
      fresh: true,
      sample: async (w, who) => ({
        ...(who ? { token: (await w.freshCaller(who)).token } : {}),
        body: { CurrentPassword: 'correct horse battery staple', NewPassword: 'another long passphrase' },
      }),
    },
  },
  'POST /oauth/logout': {
    session: { allowed: 'every role', resource: 'the caller', fresh: true, sample: ownSession },
  },
  'POST /oauth/refreshtoken': {
    session: { allowed: 'every role', resource: 'the caller', fresh: true, sample: ownSession },
  },
  'POST /user/accounts/:id/switch': {
    session: {
      allowed: 'every role',
      resource: 'an account by id',
      fresh: true,
      sample: async (w, who) => ({ ...(await ownSession(w, who)), params: { id: w.a.admin.accountId } }),
    },
  },
  'POST /linktinker/app/personalaccounts/validation/email': {
    session: {
      allowed: 'every role',
      resource: 'the caller',
      // One address per caller: sending codes to one address is limited.
      fresh: true,
      sample: () => ({ body: { EmailAddress: freshEmail('Personal').toLowerCase() } }),
    },
  },
  'POST /linktinker/app/personalaccounts/validation/validate': {
    session: { allowed: 'every role', resource: 'the caller', fresh: true, sample: provenPersonalEmail },
  },
};
