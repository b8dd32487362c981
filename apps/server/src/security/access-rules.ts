import type { Caller as ContractCaller, RouteContract } from '@signlink/contracts/http/route-contract';
import type { World } from './security-world-test-helpers.ts';

/** The members of account A by role (SPEC section 6), and the person an invitation names. */
export type RoleName = 'admin' | 'regular' | 'contributor' | 'readOnly';
export type MemberName = RoleName | 'invitee';
export const roleNames: readonly RoleName[] = ['admin', 'regular', 'contributor', 'readOnly'];
/** Who calls in the sweep: a member of A (or the invitee), or B's administrator. */
export type CallerName = MemberName | 'otherAdmin';

/**
 * What a session route's request names. Account A's resources refuse account B's administrator; with the caller's
 * own account, the caller, or nothing, B acts on B's own and must see nothing of A's.
 */
export type Resource =
  | 'none'
  | 'own account'
  | 'the caller'
  | 'an account by id'
  | 'sent document'
  | 'draft'
  | 'file'
  | 'form'
  | 'user of the account'
  | 'invitation'
  | 'customer invitation'
  | 'referral link'
  | 'payment'
  | 'receipt'
  | 'invoice'
  | 'public link'
  | 'contact'
  | 'template'
  | 'bulk send'
  | 'payment product'
  | 'oauth app'
  | 'oauth grant'
  | 'api client'
  | 'webhook endpoint';

export const actsOnOwn = (resource: Resource) =>
  resource === 'none' || resource === 'own account' || resource === 'the caller';

/** One call's input; `token` replaces the caller's session (a throwaway session for logging out). */
export interface SampleRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A raw body (a PDF, an image) with its content type, instead of JSON. */
  raw?: { payload: Buffer; contentType: string };
  token?: string;
}

export interface SessionRule {
  allowed: readonly MemberName[] | 'every role';
  resource: Resource;
  /**
   * The request an allowed caller gets a 2xx for. `who` is the caller it is for (null: the refused callers share it).
   * An action that uses its resource up (deleting, removing) makes a fresh one for each allowed caller: `fresh`.
   */
  sample(world: World, who: CallerName | null): Promise<SampleRequest> | SampleRequest;
  fresh?: boolean;
}

/** The credentials a link route's caller holds: the link's code (path), and the token it brings. */
export interface LinkCredential {
  code: string;
  token: string;
  /** How the sweep's report names it: "L1's own", "L2's token", "an unknown code". */
  label: string;
}

export interface LinkRule {
  /** The request for link L1 made with `as`: the sweep passes L1's own credential, then another link's or none. */
  sample(world: World, as: LinkCredential): Promise<SampleRequest> | SampleRequest;
  /** L1's credential: its code and the token the route wants (RequestToken, or a file's content token). */
  own(world: World): Promise<LinkCredential> | LinkCredential;
  /** Credentials that must be refused: L1's route with another link's token, another code, a token of nothing. */
  others(world: World, own: LinkCredential): Promise<LinkCredential[]> | LinkCredential[];
  /** A gate answers a key of another link as a wrong code (406), as it does any unknown key: no oracle. */
  refusalStatuses?: readonly number[];
  /**
   * For a route that answers every caller alike so it is no oracle (cancelling an order): a refused call's 2xx is
   * a refusal when this finds L1's resource as it was.
   */
  isUnchanged?(world: World, own: LinkCredential): Promise<boolean>;
}

export type AccessRule =
  | { open: string }
  | { session: SessionRule }
  | { link: LinkRule }
  | { covered: string; why: string };

export type AccessRules = Record<string, AccessRule>;

const linkCallers: readonly ContractCaller[] = ['link-code', 'request-token', 'content-token'];
const openCallers: readonly ContractCaller[] = ['client', 'public', 'provider'];

/** Which kind of rule a contract's callers call for; undefined when none fits (a mix this table does not know). */
export function ruleKindOf(contract: RouteContract): 'open' | 'session' | 'link' | undefined {
  const { callers } = contract;
  if (callers.some((caller) => openCallers.includes(caller))) return 'open';
  if (callers.every((caller) => caller === 'session' || caller === 'api-client')) return 'session';
  if (callers.every((caller) => linkCallers.includes(caller))) return 'link';
  return undefined;
}

export function kindOfRule(rule: AccessRule): 'open' | 'session' | 'link' | 'covered' {
  if ('open' in rule) return 'open';
  if ('session' in rule) return 'session';
  if ('link' in rule) return 'link';
  return 'covered';
}

/** The table's key for a contract: its method and path exactly as declared (relative to /v2). */
export const ruleKey = (contract: RouteContract) => `${contract.method} ${contract.path}`;

/** What is wrong between the contracts and the table: missing entries, stray ones, kinds that do not match. */
export function checkRules(contracts: Iterable<RouteContract>, rules: AccessRules): string[] {
  const problems: string[] = [];
  const keys = new Set<string>();
  for (const contract of contracts) {
    const key = ruleKey(contract);
    keys.add(key);
    const rule = rules[key];
    if (!rule) {
      problems.push(`${key}: no access rule (callers ${contract.callers.join(', ')})`);
      continue;
    }
    const expected = ruleKindOf(contract);
    const kind = kindOfRule(rule);
    if (kind !== 'covered' && kind !== expected) {
      problems.push(`${key}: a ${kind} rule for callers ${contract.callers.join(', ')}`);
    }
  }
  for (const key of Object.keys(rules)) {
    if (!keys.has(key)) problems.push(`${key}: no such contract`);
  }
  return problems;
}
