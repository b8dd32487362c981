import { allowsApiClients, fillPath, type RouteContract } from '@signlink/contracts/http/route-contract';
import {
  type AccessRule,
  actsOnOwn,
  type CallerName,
  type LinkRule,
  type MemberName,
  roleNames,
  type SampleRequest,
  type SessionRule,
} from './access-rules.ts';
import type { World } from './security-world-test-helpers.ts';

/** What the sweep saw: every call counts; a refused caller's success, or a control that failed, is listed. */
export interface Tally {
  calls: number;
  unauthorisedSuccesses: string[];
  /** Refused callers answered with something other than 401, 403 or 404 (a 400 hides whether authorisation ran). */
  oddRefusals: string[];
  /** Allowed callers that got no 2xx: the sample is wrong, so its refusals prove nothing. */
  failedControls: string[];
}

export const emptyTally = (): Tally => ({ calls: 0, unauthorisedSuccesses: [], oddRefusals: [], failedControls: [] });

const refusalStatuses = new Set([401, 403, 404]);
const isSuccess = (status: number) => status >= 200 && status < 300;

type Reply = Awaited<ReturnType<World['testApp']['app']['inject']>>;

/** A bearer token, or Basic credentials given whole (an API client's id and secret). */
function send(world: World, contract: RouteContract, request: SampleRequest, token: string | undefined) {
  const query = request.query ? `?${new URLSearchParams(request.query)}` : '';
  const authorization = token?.startsWith('Basic ') ? token : token ? `Bearer ${token}` : undefined;
  const headers: Record<string, string> = authorization ? { authorization } : {};
  if (request.raw) headers['content-type'] = request.raw.contentType;
  return world.testApp.app.inject({
    method: contract.method,
    url: `/v2/${fillPath(contract.path, request.params)}${query}`,
    headers,
    ...(request.raw
      ? { payload: request.raw.payload }
      : request.body !== undefined
        ? { payload: request.body as Record<string, unknown> }
        : {}),
  });
}

function expectRefused(tally: Tally, label: string, reply: Reply, alsoRefusals: readonly number[] = []) {
  tally.calls += 1;
  const line = `${label} → ${reply.statusCode} ${reply.body.slice(0, 160)}`;
  if (isSuccess(reply.statusCode)) tally.unauthorisedSuccesses.push(line);
  else if (!refusalStatuses.has(reply.statusCode) && !alsoRefusals.includes(reply.statusCode)) {
    tally.oddRefusals.push(line);
  }
}

function expectAllowed(tally: Tally, label: string, reply: Reply) {
  tally.calls += 1;
  if (!isSuccess(reply.statusCode))
    tally.failedControls.push(`${label} → ${reply.statusCode} ${reply.body.slice(0, 300)}`);
}

const tokenOf = (world: World, who: CallerName) => (who === 'otherAdmin' ? world.b.token : world.members[who].token);

/**
 * One session route: no session, each role of A the rule does not allow, and B's administrator on A's resource are
 * refused; on B's own account, B sees nothing of A's. Then the allowed callers, last, with the same request (or a
 * fresh resource each, for an action that uses it up), must succeed.
 */
async function sweepSession(world: World, tally: Tally, key: string, contract: RouteContract, rule: SessionRule) {
  const allowed: readonly MemberName[] = rule.allowed === 'every role' ? roleNames : rule.allowed;
  const base = await rule.sample(world, null);
  const requestFor = async (who: CallerName) => (rule.fresh ? rule.sample(world, who) : base);

  expectRefused(tally, `${key} without a session`, await send(world, contract, base, undefined));
  for (const role of roleNames.filter((name) => !allowed.includes(name))) {
    const request = await requestFor(role);
    expectRefused(
      tally,
      `${key} as A's ${role}`,
      await send(world, contract, request, request.token ?? tokenOf(world, role)),
    );
  }
  const request = await requestFor('otherAdmin');
  const reply = await send(world, contract, request, request.token ?? tokenOf(world, 'otherAdmin'));
  if (!actsOnOwn(rule.resource)) {
    expectRefused(tally, `${key} as B's administrator on A's ${rule.resource}`, reply);
    // B's API client acts as B's administrator (issue 26): A's resource is no more its than theirs.
    if (allowsApiClients(contract)) {
      const { ClientId, Secret } = world.bClient;
      const basic = `Basic ${Buffer.from(`${ClientId}:${Secret}`).toString('base64')}`;
      const label = `${key} as B's API client on A's ${rule.resource}`;
      const asClient = await send(world, contract, request, basic);
      // A 401 would be its credentials failing, not the refusal this checks.
      if (asClient.statusCode === 401) tally.failedControls.push(`${label} → 401 ${asClient.body.slice(0, 160)}`);
      else expectRefused(tally, label, asClient);
    }
  } else {
    tally.calls += 1;
    const leaked = world.secretsOfA().filter((secret) => reply.body.includes(secret));
    if (leaked.length > 0)
      tally.unauthorisedSuccesses.push(`${key} as B's administrator shows A's ${leaked.join(', ')}`);
  }
  for (const who of allowed) {
    const own = await requestFor(who);
    expectAllowed(tally, `${key} as ${who}`, await send(world, contract, own, own.token ?? tokenOf(world, who)));
  }
}

/** One link route: another link's or document's token, and a credential of nothing, are refused; L1's own succeeds. */
async function sweepLink(world: World, tally: Tally, key: string, contract: RouteContract, rule: LinkRule) {
  const own = await rule.own(world);
  for (const other of await rule.others(world, own)) {
    const request = await rule.sample(world, other);
    const reply = await send(world, contract, request, undefined);
    if (isSuccess(reply.statusCode) && (await rule.isUnchanged?.(world, own))) tally.calls += 1;
    else expectRefused(tally, `${key} with ${other.label}`, reply, rule.refusalStatuses);
  }
  expectAllowed(
    tally,
    `${key} with its own credential`,
    await send(world, contract, await rule.sample(world, own), undefined),
  );
}

export async function sweepRule(world: World, tally: Tally, key: string, contract: RouteContract, rule: AccessRule) {
  if ('session' in rule) await sweepSession(world, tally, key, contract, rule.session);
  else if ('link' in rule) await sweepLink(world, tally, key, contract, rule.link);
}
