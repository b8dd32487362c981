import { appRedirectUri, consentForCode, registerApp } from '../modules/oauth/oauth.test-helpers.ts';
import type { AccessRules, CallerName } from './access-rules.ts';
import type { World } from './security-world-test-helpers.ts';

/**
 * OAuth apps (issue 26, part 5): a company's administrators manage its apps; any signed-in user reads an app's
 * public facts, authorises it for one of their own accounts, and lists and revokes their own grants.
 */
const adminOnly = ['admin'] as const;

/** A new app of A's, made by A's administrator: the calls that use a redirect URI up get their own. */
async function appOfA(world: World) {
  const app = await registerApp(world.testApp, world.a.admin.token);
  return { app, uriId: app.platform.RedirectUris[0].Id as string };
}

/** An app of a third company: what any user may see and authorise, naming nothing of A's or B's. */
const elsewhereApps = new WeakMap<World, Promise<{ clientId: string }>>();
function appElsewhere(world: World) {
  let app = elsewhereApps.get(world);
  if (!app) {
    app = world.freshCaller('otherAdmin').then((admin) => registerApp(world.testApp, admin.token));
    elsewhereApps.set(world, app);
  }
  return app;
}

const signedIn = (world: World, who: CallerName | null) =>
  !who || who === 'invitee' ? world.a.admin : who === 'otherAdmin' ? world.b : world.members[who];

/** A grant of the caller's own; B's administrator (and the refused callers) get A's administrator's. */
async function grantOf(world: World, who: CallerName | null) {
  const holder = who === 'otherAdmin' ? world.a.admin : signedIn(world, who);
  const app = await appElsewhere(world);
  await consentForCode(world.testApp, holder.token, {
    client_id: app.clientId,
    redirect_uri: appRedirectUri,
    account: holder.accountId,
  });
  const listed = await world.testApp.app.inject({
    method: 'GET',
    url: '/v2/linktinker/app/api/oauth/grants',
    headers: { authorization: `Bearer ${holder.token}` },
  });
  const grant = (listed.json().Grants as { Id: string; ClientId: string }[]).find(
    (row) => row.ClientId === app.clientId,
  );
  return { params: { id: grant?.Id ?? 'none' } };
}

export const oauthRules: AccessRules = {
  'GET /linktinker/app/api/platforms': {
    session: { allowed: adminOnly, resource: 'own account', sample: () => ({}) },
  },
  'POST /linktinker/app/api/platforms': {
    session: {
      allowed: adminOnly,
      resource: 'own account',
      sample: () => ({ body: { Name: 'Ledger Sync', RedirectUri: appRedirectUri } }),
    },
  },
  'POST /linktinker/app/api/platforms/:id/addredirecturi': {
    session: {
      allowed: adminOnly,
      resource: 'oauth app',
      sample: async (world) => ({
        params: { id: (await appOfA(world)).app.clientId },
        body: { Uri: 'https://app.example.com/other' },
      }),
    },
  },
  'POST /linktinker/app/api/platforms/:id/updateredirecturi': {
    session: {
      allowed: adminOnly,
      resource: 'oauth app',
      fresh: true,
      sample: async (world) => {
        const { app, uriId } = await appOfA(world);
        return { params: { id: app.clientId }, body: { RedirectUriId: uriId, Uri: 'https://app.example.com/v2' } };
      },
    },
  },
  'POST /linktinker/app/api/platforms/:id/revokeredirecturi': {
    session: {
      allowed: adminOnly,
      resource: 'oauth app',
      fresh: true,
      sample: async (world) => {
        const { app, uriId } = await appOfA(world);
        return { params: { id: app.clientId }, body: { RedirectUriId: uriId } };
      },
    },
  },
  'POST /linktinker/app/api/platforms/:id/revoke': {
    session: {
      allowed: adminOnly,
      resource: 'oauth app',
      fresh: true,
      sample: async (world) => ({ params: { id: (await appOfA(world)).app.clientId } }),
    },
  },
  // An app's name and owner are what the consent screen shows anyone signed in.
  'GET /linktinker/app/api/oauth/clients/:id': {
    session: {
      allowed: 'every role',
      resource: 'none',
      sample: async (world) => ({ params: { id: (await appElsewhere(world)).clientId } }),
    },
  },
  'POST /linktinker/app/api/oauth': {
    session: {
      allowed: 'every role',
      resource: 'the caller',
      fresh: true,
      sample: async (world, who) => ({
        body: {
          client_id: (await appElsewhere(world)).clientId,
          redirect_uri: appRedirectUri,
          account: signedIn(world, who).accountId,
          allowed: true,
          scope: 'documents:read',
          state: 'matrix',
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
        },
      }),
    },
  },
  'GET /linktinker/app/api/oauth/grants': {
    session: { allowed: 'every role', resource: 'the caller', sample: () => ({}) },
  },
  'POST /linktinker/app/api/oauth/grants/:id/revoke': {
    session: { allowed: 'every role', resource: 'oauth grant', fresh: true, sample: grantOf },
  },
  'POST /oauth/token': {
    open: 'the app authenticates itself in the request (client_secret_basic or _post); oauth-refusals.test.ts',
  },
};
