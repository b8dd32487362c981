import type { RouteContract } from '@signlink/contracts/http/route-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { findContracts } from '../../test/route-contracts.ts';
import { type AccessRules, checkRules, ruleKey } from './access-rules.ts';
import { accountRules } from './rules-accounts.ts';
import { apiClientRules } from './rules-api-clients.ts';
import { assistantRules } from './rules-assistant.ts';
import { billingRules } from './rules-billing.ts';
import { bulkSendRules } from './rules-bulk-send.ts';
import { contactRules } from './rules-contacts.ts';
import { developerLogRules } from './rules-developer-log.ts';
import { documentRules } from './rules-documents.ts';
import { draftRules } from './rules-drafts.ts';
import { idScanRules } from './rules-id-scan.ts';
import { linkPreviewRules } from './rules-link-preview.ts';
import { linkRules } from './rules-links.ts';
import { oauthRules } from './rules-oauth.ts';
import { openRules } from './rules-open.ts';
import { paymentRecordRules } from './rules-payment-records.ts';
import { publicLinkRules } from './rules-public-links.ts';
import { selfRules } from './rules-self.ts';
import { signPayRules } from './rules-sign-pay.ts';
import { templateRules } from './rules-templates.ts';
import { webhookRules } from './rules-webhooks.ts';
import { buildWorld, type World } from './security-world-test-helpers.ts';
import { emptyTally, sweepRule } from './sweep.ts';

/**
 * SPEC sections 6 and 7 as one sweep over every route contract: each session route by A's four roles, B's
 * administrator and no session; each link route with its own link's credential and with another link's. The table
 * has an entry per contract, so a new endpoint without an authorisation rule fails here. Link codes are the owner's
 * alone: GET projects/{id}/links is in the sweep (owner only); the send answer and GET errands/{id} Links[].Code per
 * role are in modules/documents/link-code-exposure.test.ts.
 */
const tables: AccessRules[] = [
  openRules,
  selfRules,
  accountRules,
  billingRules,
  documentRules,
  draftRules,
  linkRules,
  templateRules,
  linkPreviewRules,
  publicLinkRules,
  contactRules,
  bulkSendRules,
  signPayRules,
  paymentRecordRules,
  developerLogRules,
  oauthRules,
  apiClientRules,
  webhookRules,
  idScanRules,
  assistantRules,
];

function mergeTables(): AccessRules {
  const merged: AccessRules = {};
  for (const table of tables) {
    for (const [key, rule] of Object.entries(table)) {
      if (key in merged) throw new Error(`${key}: two access rules`);
      merged[key] = rule;
    }
  }
  return merged;
}

let testApp: TestApp;
let world: World;
let contracts: RouteContract[];
const rules = mergeTables();

beforeAll(async () => {
  testApp = await buildTestApp();
  contracts = [...(await findContracts()).values()];
  world = await buildWorld(testApp);
}, 120_000);
afterAll(() => testApp?.close());

describe('the authorisation matrix (SPEC sections 6 and 7)', () => {
  it('has one rule per route contract, of the kind its callers call for', () => {
    expect(checkRules(contracts, rules)).toEqual([]);
  });

  it('names a contract without a rule, a rule without a contract, and a rule of the wrong kind', () => {
    const health = contracts.find((contract) => ruleKey(contract) === 'GET /health');
    if (!health) throw new Error('GET /health');
    const session = { allowed: 'every role', resource: 'none', sample: () => ({}) } as const;
    expect(checkRules([health], {})).toEqual(['GET /health: no access rule (callers public)']);
    expect(checkRules([health], { 'GET /health': { session } })).toEqual([
      'GET /health: a session rule for callers public',
    ]);
    expect(checkRules([], { 'GET /gone': { open: 'x' } })).toEqual(['GET /gone: no such contract']);
  });

  it('refuses every caller a rule does not allow, and lets the allowed ones through', async () => {
    const tally = emptyTally();
    for (const contract of contracts) {
      const key = ruleKey(contract);
      const rule = rules[key];
      if (rule) await sweepRule(world, tally, key, contract, rule);
    }
    console.info(
      `authorisation matrix: ${tally.calls} calls, ${tally.unauthorisedSuccesses.length} unauthorised successes`,
    );
    // Refusals other than 401, 403 or 404, and allowed callers refused (then the sample proves nothing), fail too.
    const { unauthorisedSuccesses, oddRefusals, failedControls } = tally;
    expect({ unauthorisedSuccesses, oddRefusals, failedControls }).toEqual({
      unauthorisedSuccesses: [],
      oddRefusals: [],
      failedControls: [],
    });
  }, 240_000);
});
