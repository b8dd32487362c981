import { seedDocument } from '../../test/seed-document.ts';
import { requestTokenFor } from '../modules/links/link-signing.test-helpers.ts';
import type { AccessRule, LinkCredential, SampleRequest } from './access-rules.ts';
import type { HeldLink, World } from './security-world-test-helpers.ts';

/** The sent document a link rule's calls are about: party 0 holds L1, party 1 holds L2. */
export interface LinkSubject {
  documentId: string;
  formId?: string;
  fileId?: string;
  l1: HeldLink;
  l2: HeldLink;
}

/** A plain two-party document (one signature field each), for signing: no form fields to fill first. */
async function plainSent(world: World): Promise<LinkSubject> {
  const seeded = await seedDocument(world.testApp.database.db, {
    owner: world.owner,
    accessLevel: 'shared',
    storage: world.testApp.context.storage,
    parties: [{ name: 'Anna Andersson' }, { name: 'Bo Berg' }],
  });
  const held = await Promise.all(
    seeded.parties.map(async (party) => ({
      code: party.linkCode,
      token: await requestTokenFor(world.testApp, party.linkCode),
    })),
  );
  return { documentId: seeded.documentId, l1: held[0] as HeldLink, l2: held[1] as HeldLink };
}

/** The world's sealed document (both parties signed, the seal made): what a party's link gives after completion. */
async function sealedSent(world: World): Promise<LinkSubject> {
  const held = await Promise.all(
    world.sealed.parties.map(async (party) => ({
      code: party.linkCode,
      token: await requestTokenFor(world.testApp, party.linkCode),
    })),
  );
  return { documentId: world.sealed.documentId, l1: held[0] as HeldLink, l2: held[1] as HeldLink };
}

const subjects = { plain: plainSent, sealed: sealedSent, fresh: (world: World) => world.freshSent() };

/**
 * A route that takes the RequestToken of `links/{id}/access`: L1's route is refused with L2's token (another party of
 * the same document), with another account's document's token and with a token we never made; L1's own succeeds.
 * `subject`: the world's form document, a fresh one for a call that uses it up, a plain one for signing, or the
 * world's sealed one.
 */
export function requestTokenRule(
  sample: (as: LinkCredential, subject: LinkSubject) => SampleRequest | Promise<SampleRequest>,
  subject: 'world' | keyof typeof subjects = 'world',
  prepare?: (world: World, subject: LinkSubject) => Promise<Partial<LinkSubject>>,
): AccessRule {
  let current: LinkSubject | undefined;
  return {
    link: {
      async own(world) {
        const made = subject === 'world' ? world.sent : await subjects[subject](world);
        current = { ...made, ...(await prepare?.(world, made)) };
        return { ...current.l1, label: "L1's own RequestToken" };
      },
      others: (world, own) => [
        { code: own.code, token: subjectOf(current).l2.token, label: "L2's RequestToken (same document)" },
        { code: own.code, token: world.elsewhereLink.token, label: "another account's document's RequestToken" },
        { code: own.code, token: 'bm90LWEtdG9rZW4tb2YtdXM', label: 'a RequestToken we never made' },
      ],
      sample: (_world, as) => sample(as, subjectOf(current)),
    },
  };
}

/**
 * A route the link's code alone opens (the code is the party's credential, SPEC section 7): a code of no link is
 * refused; L1's own succeeds. `own` may make a fresh link (a gate of its own) and a second credential with it.
 */
export function linkCodeRule(
  sample: (as: LinkCredential) => SampleRequest,
  own: (world: World) => Promise<LinkCredential> | LinkCredential = (world) => ({
    ...world.sent.l1,
    label: "L1's own code",
  }),
  others: (world: World, own: LinkCredential) => Promise<LinkCredential[]> | LinkCredential[] = (_world, mine) => [
    { code: 'NOSUCHLINK0000', token: mine.token, label: 'a code of no link' },
  ],
): AccessRule {
  return { link: { own, others, sample: (_world, as) => sample(as) } };
}

function subjectOf(subject: LinkSubject | undefined): LinkSubject {
  if (!subject) throw new Error('own() runs first');
  return subject;
}
